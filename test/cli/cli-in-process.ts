/**
 * The command line run inside the test's own process, through `runCli` (src/cli/program.ts), for the
 * tests whose point is what a command prints and its exit code rather than the process: starting the
 * bundled bin costs 0.25-0.4 s of CPU a run, and test/cli ran it 155 times (bench/README.md).
 * The tests about the process itself (signals, pipes, a real standard input, the bundle) keep
 * `runBin` and `startBin` (cli-process.ts), which these mirror: same arguments, same {@link CliRun}.
 */
import { runCli } from '../../src/cli/program.js';
import { cleanEnv, type CliRun } from './cli-process.js';

/** Options of {@link runInProcess}. */
export interface InProcessOptions {
  /** Resolves when the command must stop, as Ctrl-C does for the bin. @default never */
  stopped?: Promise<void>;
}

// Commander's `.env()`, the client's defaults and a few commands read process.env itself, so a run
// owns process.env (and the console) from start to end, a long-running one until it has started: runs
// take turns.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs the command to its end in this process, with `env` added to a clean environment (no inherited
 * token, an empty config folder), as `runBin` gives a child. Standard input is `stdin` (empty
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
  if (!(await serversBackTo(before.servers))) left.push(`${servers() - before.servers} listening server(s)`);
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
  return (chunk: string | Uint8Array, encoding?: BufferEncoding | ((err?: Error | null) => void), done?: (err?: Error | null) => void) => {
    to(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(typeof encoding === 'string' ? encoding : 'utf8'));
    const callback = typeof encoding === 'function' ? encoding : done;
    if (callback) queueMicrotask(() => callback());
    return true;
  };
}

/** Listening TCP servers of this process. */
const servers = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

/**
 * Whether the servers of this process are back to `count`. A server's close has called back a turn or
 * two of the event loop before Node drops its handle: a closed one goes within a few turns, a leaked one
 * never. Counted in turns, not milliseconds, so a loaded machine cannot make a closed server look leaked.
 */
async function serversBackTo(count: number): Promise<boolean> {
  for (let turn = 0; servers() > count; turn++) {
    if (turn === 100) return false;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return true;
}

/** A long-running command (the sandbox) in this process: its standard output line by line. */
export interface LiveInProcess {
  lines: string[];
  /** Resolves with the first line matching `test`, now or later. */
  waitFor(test: (line: string) => boolean): Promise<string>;
  /** The same on standard error (where `mcp` says where it serves). */
  waitForStderr(test: (line: string) => boolean): Promise<string>;
  /** The exit code, once the command has ended. */
  exited: Promise<number>;
  /** Standard error so far. */
  stderr(): string;
  /** Whether the command still runs. */
  running(): boolean;
  /** Stops it as Ctrl-C would and resolves with its exit code (at once when it has ended). */
  stop(): Promise<number>;
}

/**
 * Starts a long-running command in this process, as `startBin` does with the bin. It has process.env
 * (see {@link runInProcess}) until its first line on either stream or its end, when the other runs'
 * turn comes: every command reads its environment at its start. Its standard output goes to `lines`,
 * never to the console. Its `exited` fails if it leaves a signal listener, a listening server or
 * `process.exitCode` behind once stopped.
 */
export function startInProcess(args: string[], env: Record<string, string> = {}): LiveInProcess {
  const lines: string[] = [];
  const errLines: string[] = [];
  type Waiter = { test: (l: string) => boolean; resolve: (l: string) => void };
  const waiters: Waiter[] = [];
  const errWaiters: Waiter[] = [];
  let stderr = '';
  let ended = false;
  let firstLine: () => void = () => undefined;
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const started = new Promise<void>((resolve) => (firstLine = resolve));
  const wake = (list: Waiter[], line: string) => {
    for (const w of [...list]) {
      if (w.test(line)) {
        list.splice(list.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  const out = (line: string) => {
    lines.push(line);
    firstLine();
    wake(waiters, line);
  };
  const err = (line: string) => {
    stderr += `${line}\n`;
    errLines.push(line);
    firstLine();
    wake(errWaiters, line);
  };
  const waitOn = (seen: string[], list: Waiter[], test: (l: string) => boolean): Promise<string> => {
    const found = seen.find(test);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve) => list.push({ test, resolve }));
  };
  let before: { listeners: number[]; servers: number; exitCode: typeof process.exitCode } | undefined;
  const exited = new Promise<number>((resolve, reject) => {
    const turn = queue.then(async () => {
      before = { listeners: SIGNALS.map((s) => process.listenerCount(s)), servers: servers(), exitCode: process.exitCode };
      const saved = { ...process.env };
      const runEnv = cleanEnv(env);
      replaceEnv(runEnv);
      const running = runCli(args, {
        io: { out, err },
        env: runEnv,
        readStdin: async () => '',
        readToken: async () => '',
        stopped,
        terminal: { isTTY: false, write: (text) => void (stderr += text) },
      });
      running.then(
        () => firstLine(),
        () => firstLine(),
      );
      await started;
      replaceEnv(saved);
      // Wrapped: the next run's turn comes now, not when this command ends.
      return { running };
    });
    queue = turn.then(
      () => undefined,
      () => undefined,
    );
    void turn
      .then(async ({ running }) => {
        const code = await running;
        return { code, serversBack: await serversBackTo(before!.servers) };
      })
      .then(
        ({ code, serversBack }) => {
          ended = true;
          const left: string[] = [];
          SIGNALS.forEach((s, i) => process.listenerCount(s) > before!.listeners[i]! && left.push(`a ${s} listener`));
          if (!serversBack) left.push(`${servers() - before!.servers} listening server(s)`);
          if (process.exitCode !== before!.exitCode) {
            left.push(`process.exitCode ${String(process.exitCode)}`);
            process.exitCode = before!.exitCode;
          }
          if (left.length > 0) reject(new Error(`partner-commerce ${args.join(' ')} left ${left.join(', ')} behind (exit ${code}; stderr: ${stderr})`));
          else resolve(code);
        },
        (err: unknown) => {
          ended = true;
          reject(err);
        },
      );
  });
  // A test that never stops it still sees a failure through `exited`; unobserved, it must not crash the run.
  exited.catch(() => undefined);
  return {
    lines,
    exited,
    stderr: () => stderr,
    running: () => !ended,
    stop: () => {
      stop();
      return exited;
    },
    waitFor: (test) => waitOn(lines, waiters, test),
    waitForStderr: (test) => waitOn(errLines, errWaiters, test),
  };
}
