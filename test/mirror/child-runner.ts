/**
 * A test child process for crash tests: a TypeScript script run by node (its bundle from the run's
 * global setup, else tsx as a loader), its standard output read line by line. Where it dies is named by the parent in `KILL_AT` and honoured by
 * the child itself (kill-points.ts), never by the parent's timing.
 */
import { spawn } from 'node:child_process';
import { nodeArgs } from '../setup/provided.js';

/** How a child ended, and every line it printed. */
export interface ChildRun {
  /** True when it ended by SIGKILL; false when it exited 0 (any other end rejects). */
  killed: boolean;
  lines: string[];
}

/** Options of {@link startChild}. */
export interface ChildOptions {
  /** Extra environment, e.g. `{ KILL_AT: 'page 3' }`. */
  env?: Record<string, string>;
  /** Given each stdout line as it comes. */
  onLine?: (line: string) => void;
}

/** A running child. */
export interface RunningChild {
  /** Settles when the child has ended. */
  done: Promise<ChildRun>;
  /** Writes one line to the child's stdin. */
  send(line: string): void;
}

/** Starts `script` with `args`. */
export function startChild(script: string, args: string[], options: ChildOptions = {}): RunningChild {
  // node itself (not the tsx wrapper, which would leave its own node child running when killed).
  // --liftoff-only: V8 compiles PGlite's WebAssembly with its baseline compiler only. A child lives a
  // few seconds, and re-optimising the whole module in the background was half the CPU of a PGlite
  // child (2.9 s against 1.4 s measured, bench/README.md); the compiler tier changes no result.
  const proc = spawn(process.execPath, ['--liftoff-only', ...nodeArgs(script), ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
  const done = new Promise<ChildRun>((resolve, reject) => {
    const lines: string[] = [];
    let stderr = '';
    let buffer = '';
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        options.onLine?.(line);
      }
    });
    // 'close', not 'exit': every line the child wrote has been read by then.
    proc.on('close', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ killed: true, lines });
      else if (code === 0) resolve({ killed: false, lines });
      else reject(new Error(`child exited ${code}: ${stderr}`));
    });
  });
  return { done, send: (line) => void proc.stdin.write(`${line}\n`) };
}

/** Runs `script` to its end, or to the named point in `env.KILL_AT` where it kills itself. */
export function runChild(script: string, args: string[], env: Record<string, string> = {}): Promise<ChildRun> {
  return startChild(script, args, { env }).done;
}
