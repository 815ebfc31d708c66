import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_TRIGGER_PATH, SANDBOX_CONTROL_HEADER } from '../../src/cli/products/product-trigger.js';
import { isLoopbackHost } from '../../src/cli/sandbox/host-guard.js';
import { runInProcess, startInProcess, type LiveInProcess } from './cli-in-process.js';

// The local sandbox (in process) probed as a web page doing DNS rebinding would: its
// requests reach 127.0.0.1 but carry the page's Host. Only loopback Host names are answered, on every
// route; the control route also wants the sandbox's own control secret, not just any svc_sbx_ token.
const TOKEN = 'svc_sbx_host_guard';
let live: LiveInProcess;
let port: string;
let url: string;
let controlSecret: string;

beforeAll(async () => {
  live = startInProcess(['sandbox', '--json', '--rate-limit', 'off', '--journal-dir', mkdtempSync(join(tmpdir(), 'pc-host-guard-'))]);
  ({ url, controlSecret } = JSON.parse(await live.waitFor((l) => l.includes('"listening"'))) as { url: string; controlSecret: string });
  port = new URL(url).port;
}, 60_000);

afterAll(async () => {
  expect(await live?.stop()).toBe(0);
});

/** One raw request with the Host header as given (fetch would set its own). */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: Number(port), method, path, headers: { authorization: `Bearer ${TOKEN}`, ...headers } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const plan = JSON.stringify({ evento: 'produto.nome_alterado', count: 1 });
const codigo = (body: string) => (JSON.parse(body) as { erro?: { codigo: string } }).erro?.codigo;

describe('the local sandbox answers loopback Host names only', () => {
  it('refuses Host: attacker.example with 421 on /v1 and on the control route, naming the rule', async () => {
    for (const host of ['attacker.example', `attacker.example:${port}`, `127.0.0.1.attacker.example:${port}`]) {
      const api = await send('GET', '/v1/eu', { host });
      expect(api.status).toBe(421);
      expect(codigo(api.body)).toBe('HOST_NAO_PERMITIDO');
      expect(api.body).toContain('DNS rebinding');
      const control = await send('POST', PRODUCT_TRIGGER_PATH, { host, 'content-type': 'application/json', [SANDBOX_CONTROL_HEADER]: controlSecret }, plan);
      expect(control.status).toBe(421);
    }
    // Nothing was changed or sent by the refused calls.
    expect(live.lines.filter((l) => l.includes('"event"'))).toEqual([]);
  });

  it('answers localhost, 127.0.0.1 and [::1] with its port', async () => {
    for (const host of [`localhost:${port}`, `LOCALHOST:${port}`, `127.0.0.1:${port}`]) expect((await send('GET', '/v1/eu', { host })).status).toBe(200);
    expect(isLoopbackHost(`[::1]:${port}`, port)).toBe(true);
    expect(isLoopbackHost('[::1]', port)).toBe(false);
    expect(isLoopbackHost('localhost', port)).toBe(false);
    expect(isLoopbackHost(`localhost:${Number(port) + 1}`, port)).toBe(false);
  });

  it('refuses the control route to a svc_sbx_ token without the control secret (403), accepts it with the secret', async () => {
    const host = `127.0.0.1:${port}`;
    const without = await send('POST', PRODUCT_TRIGGER_PATH, { host, 'content-type': 'application/json' }, plan);
    expect(without.status).toBe(403);
    expect(codigo(without.body)).toBe('SEGREDO_DE_CONTROLE_INVALIDO');
    const wrong = await send('POST', PRODUCT_TRIGGER_PATH, { host, 'content-type': 'application/json', [SANDBOX_CONTROL_HEADER]: `${controlSecret}x` }, plan);
    expect(wrong.status).toBe(403);
    expect(live.lines.filter((l) => l.includes('"event"'))).toEqual([]);
    const accepted = await send('POST', PRODUCT_TRIGGER_PATH, { host, 'content-type': 'application/json', [SANDBOX_CONTROL_HEADER]: controlSecret }, plan);
    expect(accepted.status).toBe(200);
    expect(JSON.parse(accepted.body)).toMatchObject({ evento: 'produto.nome_alterado', changes: 1 });
  });

  it('trigger sends the control secret from PARTNER_COMMERCE_SANDBOX_CONTROL_SECRET, and says what to set without it', async () => {
    const env = { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: url, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'pc-host-state-')) };
    const refused = await runInProcess(['trigger', 'produto.desativado'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused the missing control secret: set PARTNER_COMMERCE_SANDBOX_CONTROL_SECRET');
    const done = await runInProcess(['trigger', 'produto.desativado', '--json'], { ...env, PARTNER_COMMERCE_SANDBOX_CONTROL_SECRET: controlSecret });
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    await live.waitFor((l) => l.includes('"event"') && l.includes('produto.desativado'));
  });
});
