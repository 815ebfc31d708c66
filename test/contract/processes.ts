// The two servers the contract checks run against, each a child process on loopback: the local
// sandbox as a partner starts it (`partner-commerce sandbox`, the built bin), and Stoplight Prism's
// validating proxy in front of it. Readiness is an event (the line each prints when listening),
// awaited with a bound; nothing sleeps.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A child server: its URL, the lines it printed, and how to stop it. */
export interface RunningServer {
  readonly url: string;
  /** Everything it printed (stdout and stderr), kept for the report when something fails. */
  readonly output: string[];
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');
const STARTUP_BOUND_MS = 60_000;
const STOP_BOUND_MS = 10_000;
/** Lines kept of a child's output: enough for a report, bounded whatever the child prints. */
const MAX_LINES = 5_000;

/**
 * Starts `partner-commerce sandbox --json` from dist/ (npm run build first) on a free loopback port,
 * with the rate limit off (the checks send hundreds of calls a minute) and a journal folder of its own.
 */
export async function startLocalSandbox(): Promise<RunningServer> {
  const journalDir = mkdtempSync(join(tmpdir(), 'partner-commerce-contract-'));
  const child = spawn(process.execPath, [join(ROOT, 'dist/cli-bin.js'), 'sandbox', '--json', '--rate-limit', 'off', '--journal-dir', journalDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await firstMatch(child, output, 'partner-commerce sandbox', (line) => {
    if (!line.startsWith('{')) return undefined;
    const message = JSON.parse(line) as { type?: string; url?: string };
    return message.type === 'listening' ? message.url : undefined;
  });
  return {
    url,
    output,
    stop: async () => {
      // Ctrl-C is how a partner stops it: the sandbox closes cleanly on SIGINT.
      await stopChild(child, 'SIGINT');
      rmSync(journalDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts Prism's proxy (`prism proxy <document> <upstream> --errors`) on a free loopback port: every
 * request and answer is validated against the document, and with `--errors` a violation is an error
 * answer (422 for a request, 500 for an answer) carrying the list in the `sl-violations` header.
 */
export async function startPrismProxy(document: string, upstream: string): Promise<RunningServer> {
  const port = await freePort();
  const prism = join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js');
  const child = spawn(process.execPath, [prism, 'proxy', document, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await firstMatch(child, output, 'prism proxy', (line) => /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1]);
  return { url, output, stop: () => stopChild(child, 'SIGTERM') };
}

/** A port free on 127.0.0.1 now (Prism takes a number, not 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done, fail) => server.once('error', fail).listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address for a free port');
  return address.port;
}

/** Resolves with the first value `match` finds in a line the child prints; fails if it exits or the bound passes first. */
function firstMatch(child: ChildProcess, output: string[], name: string, match: (line: string) => string | undefined): Promise<string> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${name} did not say it was listening within ${STARTUP_BOUND_MS / 1000} s:\n${output.slice(-40).join('\n')}`));
    }, STARTUP_BOUND_MS);
    let found = false;
    const onLine = (line: string) => {
      if (output.length < MAX_LINES) output.push(line);
      if (found) return;
      const value = match(line);
      if (value === undefined) return;
      found = true;
      clearTimeout(timer);
      done(value);
    };
    for (const stream of [child.stdout, child.stderr]) readLines(stream, onLine);
    child.once('error', (err) => {
      clearTimeout(timer);
      fail(err);
    });
    child.once('exit', (code, signal) => {
      if (found) return;
      clearTimeout(timer);
      fail(new Error(`${name} exited (${code ?? signal}) before listening:\n${output.slice(-40).join('\n')}`));
    });
  });
}

function readLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (stream === null) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  stream.on('end', () => {
    if (rest !== '') onLine(rest);
  });
}

/** Sends `signal` and waits for the exit; SIGKILL once the bound passes. */
function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_BOUND_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill(signal);
  });
}
