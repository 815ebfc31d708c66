import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, type CliRun } from './cli-process.js';
import { runInProcess } from './cli-in-process.js';

// What the command prints, whatever the server sends: the bin's whole output into a pipe read late
// (and its exit on EPIPE); in process, no control sequence from the server reaching the terminal raw,
// and never the token, even echoed back.
const TOKEN = 'svc_sbx_cli_output_secret_7731';
// Retitles the window, rings the bell, clears the screen (ESC and the 8-bit CSI JSON leaves raw).
const EVIL = '\u001b]0;pwned\u0007\u001b[2J\u009b2J';
// Raw control characters a terminal acts on; a line end is the output's own.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const BIG_MENSAGEM = 'm'.repeat(1_000_000);

let bin: string;
let server: Server;
let url: string;

/** A hostile API: control sequences in every text it can choose, the caller's token echoed back, a huge error. */
function answer(req: IncomingMessage, res: ServerResponse): void {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const authorization = req.headers.authorization ?? '';
  if (path === '/v1/evil') return json(200, { id: EVIL, titulo: EVIL });
  // Header values cannot hold ESC, but Latin-1 bytes reach fetch as C1 characters (0x9b is CSI).
  if (path === '/v1/terms') return json(200, {}, { 'aviso-termos-api': '\u009b2J 30 dias' });
  if (path === '/v1/echo') return json(200, { authorization, headers: req.headers }, { 'x-echo-authorization': authorization });
  if (path === '/v1/echo-error') return json(400, { erro: { codigo: 'ECO', mensagem: `recebido ${authorization}` } });
  if (path === '/v1/eu' && authorization.includes('big')) return json(403, { erro: { codigo: 'API_NAO_LIBERADA', mensagem: BIG_MENSAGEM } });
  return json(400, { erro: { codigo: `ERRO${EVIL}`, mensagem: `falhou ${EVIL}`, doc: `https://docs.example.com/${EVIL}` } });
}

beforeAll(async () => {
  bin = await buildCli();
  server = createServer(answer);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
});

const env = (token = TOKEN) => ({ PARTNER_COMMERCE_TOKEN: token, PARTNER_COMMERCE_BASE_URL: url });
const printed = (r: CliRun) => `${r.stdout}${r.stderr}`;

/**
 * Runs the bin with its standard output read late: nothing is read until the command has printed its
 * failure on standard error (the last thing it writes) or has exited, so everything past what the
 * pipe holds must wait in the process until the reader comes.
 */
function runWithLateReader(args: string[], environment: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const { PARTNER_COMMERCE_TOKEN: _t, PARTNER_COMMERCE_BASE_URL: _b, ...rest } = process.env;
    const child = spawn(process.execPath, [bin, ...args], { env: { ...rest, ...environment }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pause();
    const chunks: Buffer[] = [];
    let stderr = '';
    let reading = false;
    const read = () => {
      if (reading) return;
      reading = true;
      child.stdout.on('data', (c: Buffer) => chunks.push(c));
      child.stdout.resume();
    };
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      if (stderr.includes('error:')) read();
    });
    child.on('exit', read);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(chunks).toString('utf8'), stderr }));
  });
}

describe('the output, whatever the server sends', () => {
  it('output larger than a pipe holds reaches a late reader whole (doctor --json, 1 MB error text)', async () => {
    const run = await runWithLateReader(['doctor', '--json'], env('svc_sbx_big_output_token'));
    expect(run.stderr).toContain('error: 1 check(s) block the integration: connectivity');
    expect(run.code).toBe(1);
    const checks = JSON.parse(run.stdout) as { check: string; detail: string }[];
    const connectivity = checks.find((c) => c.check === 'connectivity');
    expect(connectivity?.detail).toBe(`403 API_NAO_LIBERADA: ${BIG_MENSAGEM}`);
  }, 60_000);

  it('a reader that went away before the output (EPIPE) gives exit 1, not a stack trace', async () => {
    const { PARTNER_COMMERCE_TOKEN: _t, PARTNER_COMMERCE_BASE_URL: _b, ...rest } = process.env;
    const child = spawn(process.execPath, [bin, 'request', 'GET', '/v1/evil', '--json'], { env: { ...rest, ...env() }, stdio: ['ignore', 'pipe', 'pipe'] });
    // Closed before the command can have printed anything: its answer needs this process's server first.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(1);
  }, 60_000);

  it('request, doctor and trigger show control characters from the server escaped, in text and in JSON', async () => {
    const [evil, evilJson, failed, doctor, trigger, terms] = await Promise.all(
      [
        ['request', 'GET', '/v1/evil', '-i'],
        ['request', 'GET', '/v1/evil', '--json'],
        ['request', 'GET', '/v1/fails'],
        ['doctor'],
        ['trigger', 'pedido.status_alterado', '--pedido', 'P1'],
        ['request', 'GET', '/v1/terms'],
      ].map((args) => runInProcess(args, env())),
    );
    for (const run of [evil!, evilJson!, failed!, doctor!, trigger!, terms!]) {
      expect(printed(run)).not.toMatch(RAW_CONTROL);
      // Shown, not dropped: the person reading can see what the server sent.
      expect(printed(run)).toMatch(/\\u001b|\\u009b/);
    }
    expect(evil!.code).toBe(0);
    expect(evil!.stdout).toContain('"titulo": "\\u001b]0;pwned\\u0007\\u001b[2J\\u009b2J"');
    // Still exactly JSON, with the same value.
    expect((JSON.parse(evilJson!.stdout) as { data: { titulo: string } }).data.titulo).toBe(EVIL);
    expect(failed!.code).toBe(1);
    expect(failed!.stderr).toContain('error: 400 ERRO\\u001b]0;pwned');
    expect(failed!.stderr).toContain('see https://docs.example.com/\\u001b]0;pwned');
    expect(doctor!.code).toBe(1);
    expect(doctor!.stdout).toContain('✗ connectivity: 400 ERRO\\u001b]0;pwned\\u0007\\u001b[2J\\u009b2J: falhou');
    expect(trigger!.code).toBe(1);
    expect(trigger!.stderr).toContain('error: 400 ERRO\\u001b]0;pwned\\u0007\\u001b[2J\\u009b2J: falhou');
    // The SDK's own warning quotes the header: its log lines are escaped too.
    expect(terms!.code).toBe(0);
    expect(terms!.stderr).toContain('(Aviso-Termos-Api: \\u009b2J 30 dias)');
  }, 60_000);

  it('the token never shows, even when the server echoes it (body, headers with -i, --json, errors)', async () => {
    const onlyUrl = { PARTNER_COMMERCE_BASE_URL: url };
    const runs = await Promise.all([
      runInProcess(['request', 'GET', '/v1/echo'], env()),
      runInProcess(['request', 'GET', '/v1/echo', '-i', '--token', TOKEN], onlyUrl),
      runInProcess(['request', 'GET', '/v1/echo', '-i', '--json'], env()),
      runInProcess(['request', 'GET', '/v1/echo-error', '--token', TOKEN], onlyUrl),
    ]);
    for (const [at, run] of runs.entries()) {
      expect(run.code, `run ${at}`).toBe(at === 3 ? 1 : 0);
      expect(printed(run), `run ${at}`).not.toContain('cli_output_secret');
      expect(printed(run), `run ${at}`).toContain('[redacted]');
    }
    expect(runs[1].stdout).toContain('x-echo-authorization: Bearer svc_sbx_[redacted]');
    const json = JSON.parse(runs[2].stdout) as { headers: Record<string, string>; data: { authorization: string } };
    expect(json.data.authorization).toBe('Bearer svc_sbx_[redacted]');
    expect(json.headers['x-echo-authorization']).toBe('Bearer svc_sbx_[redacted]');
  }, 60_000);
});
