/**
 * The command line run inside the test's own process, through `runCli` (src/cli/program.ts), for the
 * tests whose point is what a command prints and its exit code rather than the process: starting the
 * bundled bin costs ~0.3 s of CPU a run, and a few hundred runs were a third of the suite's CPU.
 * The tests about the process itself (signals, pipes, a real standard input, the bundle) keep
 * `runBin` (cli-process.ts), which this mirrors: same arguments, same {@link CliRun}.
 */
import { runCli } from '../../src/cli/program.js';
import { cleanEnv, type CliRun } from './cli-process.js';

/** Options of {@link runInProcess}. */
export interface InProcessOptions {
  /** Resolves when the command must stop, as Ctrl-C does for the bin. @default never */
  stopped?: Promise<void>;
}

// Commander's `.env()`, the client's defaults and a few commands read process.env itself, so a run
// owns process.env (and the console) from start to end: runs take turns.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs the command to its end in this process, with `env` added to a clean environment (no inherited
 * token, an empty config folder), as {@link runBin} gives a child. Standard input is `stdin` (empty
 * by default, as a closed pipe). Fails when the run leaves a server listening, a signal listener or
 * `process.exitCode` behind: the bin's `process.exit` would hide such a leak, a partner's code
 * calling `runCli` would not.
 */
export function runInProcess(args: string[], env: Record<string, string> = {}, stdin?: string, options: InProcessOptions = {}): Promise<CliRun> {
  const run = queue.then(() => runAlone(args, env, stdin, options));
  queue = run.catch(() => undefined);
  return run;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const CONSOLE = ['log', 'info', 'debug', 'warn', 'error'] as const;

async function runAlone(args: string[], env: Record<string, string>, stdin: string | undefined, options: InProcessOptions): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const toOut = (text: string) => void (stdout += text);
  const toErr = (text: string) => void (stderr += text);
  const before = { listeners: SIGNALS.map((s) => process.listenerCount(s)), servers: servers(), exitCode: process.exitCode };

  const saved = { ...process.env };
  const consoleSaved = CONSOLE.map((m) => console[m]);
  const writesSaved = [process.stdout.write, process.stderr.write] as const;
  const runEnv = cleanEnv(env);
  replaceEnv(runEnv);
  // The client's log lines go through console.error; nothing of the command may reach the test's output.
  for (const m of CONSOLE) console[m] = (...parts: unknown[]) => (m === 'log' || m === 'info' ? toOut : toErr)(`${parts.map(String).join(' ')}\n`);
  process.stdout.write = capture(toOut);
  process.stderr.write = capture(toErr);
  let code: number;
  try {
    const input = async () => stdin ?? '';
    code = await runCli(args, {
      io: { out: (line) => toOut(`${line}\n`), err: (line) => toErr(`${line}\n`) },
      env: runEnv,
      readStdin: input,
      readToken: input,
      stopped: options.stopped ?? new Promise<void>(() => undefined),
      terminal: { isTTY: false, write: toErr },
    });
  } finally {
    [process.stdout.write, process.stderr.write] = writesSaved;
    CONSOLE.forEach((m, i) => (console[m] = consoleSaved[i]!));
    replaceEnv(saved);
  }

  const left: string[] = [];
  SIGNALS.forEach((s, i) => process.listenerCount(s) > before.listeners[i]! && left.push(`a ${s} listener`));
  if (servers() > before.servers) left.push(`${servers() - before.servers} listening server(s)`);
  if (process.exitCode !== before.exitCode) {
    left.push(`process.exitCode ${String(process.exitCode)}`);
    process.exitCode = before.exitCode;
  }
  if (left.length > 0) throw new Error(`partner-commerce ${args.join(' ')} left ${left.join(', ')} behind (exit ${code}; stderr: ${stderr})`);
  return { code, stdout, stderr };
}

function replaceEnv(next: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (!(name in next)) delete process.env[name];
  for (const [name, value] of Object.entries(next)) if (value !== undefined) process.env[name] = value;
}

/** A stream's `write` that appends to `to` instead and says it is done, as a pipe would. */
function capture(to: (text: string) => void): typeof process.stdout.write {
  return ((chunk: string | Uint8Array, encoding?: BufferEncoding | ((err?: Error | null) => void), done?: (err?: Error | null) => void) => {
    to(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(typeof encoding === 'string' ? encoding : 'utf8'));
    const callback = typeof encoding === 'function' ? encoding : done;
    if (callback) queueMicrotask(() => callback());
    return true;
  }) as typeof process.stdout.write;
}

/** Listening TCP servers of this process. */
const servers = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;
