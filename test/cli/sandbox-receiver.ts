/**
 * The setup of the CLI tests that forward webhooks: the bundled bin, a real receiver (a node http
 * server around a createWebhookHandler the test builds with the sandbox's secret), and the sandbox
 * bin running as a subprocess (or the same command in process), forwarding to that receiver.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxSignatureVerifier } from '../../src/cli/index.js';
import type { WebhookHandler } from '../../src/webhooks/index.js';
import { buildCli, startBin, type LiveCli } from './cli-process.js';
import { runInProcess, startInProcess, type LiveInProcess } from './cli-in-process.js';

/** Options of {@link startSandboxWithReceiver}. */
export interface SandboxWithReceiverOptions {
  /** Names the journal's temp folder (`pc-<journal>-…`). */
  journal: string;
  /** The receiver's handler, given the sandbox's signing secret. */
  handler: (secret: string) => WebhookHandler;
  /** More `sandbox` arguments (after --json, --forward-to, --journal-dir and --rate-limit off). */
  sandboxArgs?: string[];
  /** Runs the sandbox in this process (startInProcess) instead of the bin. */
  inProcess?: boolean;
}

/** A running sandbox forwarding to a running receiver. */
export interface SandboxWithReceiver<Live = LiveCli> {
  /** The bundled bin. */
  bin: string;
  /** The sandbox's signing secret (from `sandbox --print-secret`). */
  secret: string;
  journalDir: string;
  receiverUrl: string;
  /** HTTP statuses the receiver answered, in order. */
  answers: number[];
  sandbox: Live;
  /** The sandbox's API base URL. */
  sandboxUrl: string;
  /** Its control secret (from the `listening` line), which `trigger` needs for product events. */
  controlSecret: string;
  /** Sends `signal` to the sandbox if it still runs (in process: stops it) and waits for it to end; closes the receiver. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** Builds the bin, starts the receiver, then the sandbox, and waits until it listens. */
export async function startSandboxWithReceiver(options: SandboxWithReceiverOptions & { inProcess: true }): Promise<SandboxWithReceiver<LiveInProcess>>;
export async function startSandboxWithReceiver(options: SandboxWithReceiverOptions & { inProcess?: false }): Promise<SandboxWithReceiver>;
export async function startSandboxWithReceiver(options: SandboxWithReceiverOptions): Promise<SandboxWithReceiver<LiveCli | LiveInProcess>> {
  const bin = await buildCli();
  const journalDir = mkdtempSync(join(tmpdir(), `pc-${options.journal}-`));
  const printed = await runInProcess(['sandbox', '--print-secret', '--journal-dir', journalDir]);
  if (printed.code !== 0) throw new Error(`sandbox --print-secret exited ${printed.code}: ${printed.stderr}`);
  const secret = printed.stdout.trim();
  const handler = options.handler(secret);
  const answers: number[] = [];
  const receiver = createServer((req, res) => {
    res.on('finish', () => answers.push(res.statusCode));
    void handler.node(req, res);
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  const args = ['sandbox', '--json', '--forward-to', receiverUrl, '--journal-dir', journalDir, '--rate-limit', 'off', ...(options.sandboxArgs ?? [])];
  const sandbox = options.inProcess === true ? startInProcess(args) : startBin(bin, args);
  const { url, controlSecret } = JSON.parse(await sandbox.waitFor((l) => l.includes('"listening"'))) as { url: string; controlSecret: string };
  return {
    bin,
    secret,
    journalDir,
    receiverUrl,
    answers,
    sandbox,
    sandboxUrl: url,
    controlSecret,
    stop: async (signal) => {
      if (!('child' in sandbox)) await sandbox.stop();
      else if (sandbox.child.exitCode === null) {
        sandbox.child.kill(signal);
        await sandbox.exited;
      }
      await new Promise((r) => receiver.close(r));
    },
  };
}

/** One POST a {@link recordingReceiver} got. */
export interface Recorded {
  path: string;
  evento: string;
  /** Whether its signature verifies with the secret the receiver was given. */
  verified: boolean;
}

/**
 * A bare receiver (no handler) that records every POST and answers `answer` (200 by default); its
 * `verify` secret can be set once known (`setSecret`), before any notice arrives.
 */
export async function recordingReceiver(answer: (path: string) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 })): Promise<{
  url: string;
  received: Recorded[];
  setSecret(secret: string): void;
  close(): Promise<void>;
}> {
  let secret = '';
  const received: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)] as [string, string]));
      void (secret === '' ? Promise.resolve(false) : sandboxSignatureVerifier(secret)(new Uint8Array(body), headers)).then((verified) => {
        let evento = '';
        try {
          evento = (JSON.parse(body.toString()) as { evento: string }).evento;
        } catch {
          // not a notice: recorded with no kind
        }
        received.push({ path: req.url ?? '', evento, verified });
        const { status, headers: out } = answer(req.url ?? '');
        res.writeHead(status, out).end();
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received,
    setSecret: (s) => void (secret = s),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
