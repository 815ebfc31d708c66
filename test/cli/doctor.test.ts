import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, runDoctor, type DoctorCheck } from '../../src/cli/index.js';
import { createFakeApi, type FakeApi, type FakeApiOptions, type FakeServer } from '../../src/testing/index.js';

// Every check of `doctor` against the testing kit's fake, each made to fail at least once (the fake's
// account options, injected answers, its rate limit), with the exit code `runCli` gives: 1 when a check
// blocks, 0 when only warnings. The bin itself runs doctor in cli.test.ts.
const TOKEN = 'svc_sbx_doctor_secret_0123';
const servers: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(options: FakeApiOptions = {}): Promise<{ fake: FakeApi; url: string }> {
  const fake = createFakeApi({ rateLimit: false, ...options });
  const server: FakeServer = await fake.listen();
  servers.push(server);
  return { fake, url: server.url };
}

/** Runs `partner-commerce doctor --json` in process: the checklist, the exit code and everything printed. */
async function doctor(args: string[]): Promise<{ code: number; checks: DoctorCheck[]; printed: string }> {
  const out: string[] = [];
  const err: string[] = [];
  // An empty config folder: a profile `partner-commerce login` wrote on this machine is not found.
  const env = { ...process.env, XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'pc-doctor-config-')) };
  const code = await runCli(['doctor', '--json', ...args], { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, stopped: new Promise(() => undefined), env });
  const printed = `${out.join('\n')}\n${err.join('\n')}`;
  expect(printed).not.toContain('doctor_secret');
  return { code, checks: out.length > 0 ? (JSON.parse(out.join('\n')) as DoctorCheck[]) : [], printed };
}

const statusOf = (checks: DoctorCheck[], name: string) => checks.find((c) => c.check === name)?.status;
const connect = (url: string, token = TOKEN) => ['--token', token, '--base-url', url];

describe('doctor against the fake', () => {
  it('passes every check of a healthy sandbox integration (exit 0) and lists them all', async () => {
    const { url } = await serve({ rateLimit: { perMinute: 60, windowMs: 60_000 }, accounts: () => ({}) });
    const { code, checks } = await doctor(connect(url));
    expect(code).toBe(0);
    expect(checks.map((c) => c.check)).toEqual(['token', 'base URL', 'connectivity', 'permissions', 'profile', 'label provider', 'storefront', 'API terms', 'deprecations', 'rate budget']);
    for (const c of checks.filter((c) => c.check !== 'storefront')) expect(c, c.check).toMatchObject({ status: 'ok' });
    expect(checks.find((c) => c.check === 'rate budget')!.detail).toMatch(/^56 of 60 left/);
  });

  it('token: missing, not a partner token, of the other environment than --environment, refused by the server as the other environment', async () => {
    const { url } = await serve();
    const none = await doctor(['--base-url', url]);
    expect(none.code).toBe(1);
    expect(none.checks[0]).toMatchObject({ check: 'token', status: 'block', detail: 'no token' });

    const wrong = await doctor(connect(url, 'sk_live_doctor_secret_0123'));
    expect(wrong.code).toBe(1);
    expect(wrong.checks[0]).toMatchObject({ check: 'token', status: 'block' });

    const expected = await doctor([...connect(url), '--environment', 'production']);
    expect(expected.code).toBe(1);
    expect(expected.checks[0]).toMatchObject({ check: 'token', status: 'block', detail: 'a sandbox token, but production was expected, from --token' });
    expect((await doctor([...connect(url), '--environment', 'sandbox'])).code).toBe(0);
    expect((await doctor([...connect(url), '--environment', 'staging'])).code).toBe(2);

    // The fake plays the sandbox: a production token answers 401 TOKEN_DE_OUTRO_AMBIENTE.
    const other = await doctor(connect(url, 'svc_prod_doctor_secret_0123'));
    expect(other.code).toBe(1);
    expect(other.checks[0]).toMatchObject({ check: 'token', status: 'block' });
    expect(other.checks[0]!.detail).toContain('TOKEN_DE_OUTRO_AMBIENTE');
    expect(statusOf(other.checks, 'connectivity')).toBe('ok');
  });

  it('base URL: missing, or refused by the client rules (plain http off loopback)', async () => {
    const none = await doctor(['--token', TOKEN]);
    expect(none.code).toBe(1);
    expect(none.checks).toContainEqual(expect.objectContaining({ check: 'base URL', status: 'block', detail: 'no base URL' }));
    const plain = await doctor(connect('http://api.example.com'));
    expect(plain.code).toBe(1);
    expect(statusOf(plain.checks, 'base URL')).toBe('block');
    expect(plain.checks.map((c) => c.check)).not.toContain('connectivity');
  });

  it('connectivity: nothing listening blocks; TLS: https to a server that does not speak it blocks as TLS', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const refused = await doctor(connect(`http://127.0.0.1:${port}`));
    expect(refused.code).toBe(1);
    expect(refused.checks.at(-1)).toMatchObject({ check: 'connectivity', status: 'block' });

    const { url } = await serve();
    const tls = await doctor(connect(url.replace('http:', 'https:')));
    expect(tls.code).toBe(1);
    expect(tls.checks.at(-1)).toMatchObject({ check: 'TLS', status: 'block' });
    expect(tls.checks.at(-1)!.fix).toContain('certificate');
  });

  it('connectivity: a gate every call hits (new terms not accepted in time) blocks', async () => {
    const { fake, url } = await serve();
    fake.inject('GET /v1/eu', [{ status: 403, codigo: 'TERMOS_API_PENDENTES' }]);
    const { code, checks } = await doctor(connect(url));
    expect(code).toBe(1);
    expect(checks.at(-1)).toMatchObject({ check: 'connectivity', status: 'block' });
    expect(checks.at(-1)!.detail).toContain('TERMOS_API_PENDENTES');
  });

  it('permissions from /v1/eu against --needs (default: the read permissions)', async () => {
    const { url } = await serve({ accounts: () => ({ permissions: ['pedidos:ler', 'produtos:ler'] }) });
    const byDefault = await doctor(connect(url));
    expect(byDefault.code).toBe(1);
    expect(byDefault.checks.find((c) => c.check === 'permissions')).toMatchObject({ status: 'block', detail: 'missing etiquetas:ler, financeiro:ler, clientes:ler' });
    const enough = await doctor([...connect(url), '--needs', 'pedidos:ler, produtos:ler']);
    expect(statusOf(enough.checks, 'permissions')).toBe('ok');
  });

  it('profile: fichaCompleta false blocks (orders answer PROFILE_INCOMPLETE)', async () => {
    const { url } = await serve({ accounts: () => ({ profileComplete: false }) });
    const { code, checks } = await doctor(connect(url));
    expect(code).toBe(1);
    expect(checks.find((c) => c.check === 'profile')).toMatchObject({ status: 'block', detail: expect.stringContaining('fichaCompleta') });
  });

  it('label provider not connected and storefront not released or not publishable warn (exit 0)', async () => {
    const off = await serve({ accounts: () => ({ labelProviderConnected: false, storefrontReleased: false }) });
    const { code, checks } = await doctor(connect(off.url));
    expect(code).toBe(0);
    expect(checks.find((c) => c.check === 'label provider')).toMatchObject({ status: 'warn', detail: expect.stringContaining('not connected') });
    expect(checks.find((c) => c.check === 'storefront')).toMatchObject({ status: 'warn', detail: expect.stringContaining('LOJA_HUB_NAO_LIBERADA') });

    // A released storefront the fake has not configured lists what publicacao still misses.
    const fresh = await serve();
    const storefront = (await doctor(connect(fresh.url))).checks.find((c) => c.check === 'storefront')!;
    expect(storefront.status).toBe('warn');
    expect(storefront.detail).toContain('not publishable');
  });

  it('API terms: an answer carrying Aviso-Termos-Api warns with its value', async () => {
    const { fake, url } = await serve();
    fake.inject('GET /v1/label-provider', [{ status: 200, headers: { 'Aviso-Termos-Api': '2026-12-01' }, body: { conectado: true, ambiente: 'teste' } }]);
    const { code, checks } = await doctor(connect(url));
    expect(code).toBe(0);
    expect(checks.find((c) => c.check === 'API terms')).toMatchObject({ status: 'warn', detail: expect.stringContaining('2026-12-01') });
  });

  it('deprecations: names each route that answered Deprecation/Sunset, with its sunset', async () => {
    const { fake, url } = await serve();
    fake.inject('GET /v1/label-provider', [{ status: 200, headers: { Deprecation: 'true', Sunset: 'Wed, 01 Jul 2027 00:00:00 GMT' }, body: { conectado: true, ambiente: 'teste' } }]);
    const { checks } = await doctor(connect(url));
    const dep = checks.find((c) => c.check === 'deprecations')!;
    expect(dep.status).toBe('warn');
    expect(dep.detail).toBe('deprecated: GET /v1/label-provider (sunset Wed, 01 Jul 2027 00:00:00 GMT)');
    expect(dep.fix).toContain('changelog');
  });

  it('rate budget: no X-RateLimit-* headers warns; a budget almost used up warns with what is left', async () => {
    const none = await serve({ rateLimit: false });
    expect((await doctor(connect(none.url))).checks.find((c) => c.check === 'rate budget')).toMatchObject({ status: 'warn', detail: expect.stringContaining('no X-RateLimit') });

    // doctor makes four calls: a window of four leaves nothing. Its own token: the SDK shares what it
    // learns of a token's budget within the process, and would make later tests wait for the window.
    const tight = await serve({ rateLimit: { perMinute: 4, windowMs: 60_000 } });
    const budget = (await doctor(connect(tight.url, 'svc_sbx_doctor_secret_tight'))).checks.find((c) => c.check === 'rate budget')!;
    expect(budget.status).toBe('warn');
    expect(budget.detail).toMatch(/^0 of 4 left/);
  });
});

describe('runDoctor from code', () => {
  it('returns the checklist without printing or exiting', async () => {
    const { url } = await serve({ accounts: () => ({ profileComplete: false }) });
    const checks = await runDoctor({ token: TOKEN, baseUrl: url, needs: 'pedidos:ler' });
    expect(statusOf(checks, 'profile')).toBe('block');
    expect(statusOf(checks, 'permissions')).toBe('ok');
  });
});
