import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { startSandbox, trigger, type DeliveryAttempt, type LocalSandbox } from '../../src/cli/index.js';
import { InvalidInputError, PartnerCommerce } from '../../src/index.js';
import { createFakeApi, WEBHOOK_SIGNATURE_HEADER, webhookSignatureHeaders, webhookSignatureVerifier } from '../../src/testing/index.js';
import { createWebhookHandler, WebhookSignatureError, type WebhookResult, type WebhookVerify } from '../../src/webhooks/index.js';
import { get } from '../testing/helpers.js';
import { eventoBody } from './fixtures.js';

// Rotating a webhook secret without downtime: the sender signs with the new and the old secret at once
// (one v1 each), receivers accept either while they move, and a secret taken off the list is refused.
const NOVO = 'whsec_novo';
const ANTIGO = 'whsec_antigo';
const REMOVIDO = 'whsec_removido';
const body = eventoBody('pedido.criado');
const bytes = new TextEncoder().encode(body);
const quiet = { warn: () => undefined, error: () => undefined };

async function reason(verify: WebhookVerify, headers: Record<string, string>): Promise<string> {
  try {
    return (await verify(bytes, new Headers(headers))) ? 'accepted' : 'false';
  } catch (err) {
    if (err instanceof WebhookSignatureError) return err.reason;
    throw err;
  }
}

describe('webhookSignatureVerifier with several secrets', () => {
  it('accepts a notice signed with the current or the previous secret, and refuses one signed with a removed secret', async () => {
    const verify = webhookSignatureVerifier([NOVO, ANTIGO]);
    expect(await reason(verify, await webhookSignatureHeaders(NOVO, body))).toBe('accepted');
    expect(await reason(verify, await webhookSignatureHeaders(ANTIGO, body))).toBe('accepted');
    expect(await reason(verify, await webhookSignatureHeaders([NOVO, ANTIGO], body))).toBe('accepted');
    expect(await reason(verify, await webhookSignatureHeaders(REMOVIDO, body))).toBe('mismatch');
    // After the rotation, the old secret is dropped from the list: what it alone signs is refused.
    expect(await reason(webhookSignatureVerifier(NOVO), await webhookSignatureHeaders(ANTIGO, body))).toBe('mismatch');
  });

  it('signs with one v1 per secret, the current one first, so a receiver holding either secret accepts', async () => {
    const at = new Date('2026-12-03T00:00:00Z');
    const headers = await webhookSignatureHeaders([NOVO, ANTIGO], body, at);
    const [novo, antigo] = [await webhookSignatureHeaders(NOVO, body, at), await webhookSignatureHeaders(ANTIGO, body, at)];
    const v1 = (h: Record<string, string>) => h[WEBHOOK_SIGNATURE_HEADER]!.split(',').slice(1);
    expect(headers[WEBHOOK_SIGNATURE_HEADER]).toMatch(/^t=1796256000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(v1(headers)).toEqual([...v1(novo), ...v1(antigo)]);
    const now = () => at;
    expect(await reason(webhookSignatureVerifier(NOVO, { now }), headers)).toBe('accepted');
    expect(await reason(webhookSignatureVerifier(ANTIGO, { now }), headers)).toBe('accepted');
    expect(await reason(webhookSignatureVerifier(REMOVIDO, { now }), headers)).toBe('mismatch');
  });

  it('refuses a header with more signatures than it reads, and names a wrong secret by its place', async () => {
    const one = (await webhookSignatureHeaders(NOVO, body))[WEBHOOK_SIGNATURE_HEADER]!;
    const nine = one + `,v1=${'0'.repeat(64)}`.repeat(8);
    expect(await reason(webhookSignatureVerifier(NOVO), { [WEBHOOK_SIGNATURE_HEADER]: nine })).toBe('malformed');
    expect(() => webhookSignatureVerifier([NOVO, ''])).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ path: 'secret[1]' })] }));
    expect(() => webhookSignatureVerifier([])).toThrow(InvalidInputError);
    expect(() => webhookSignatureVerifier(Array.from({ length: 9 }, (_, i) => `s${i}`))).toThrow(/secret/);
    expect(() => createFakeApi({ webhookSecret: [NOVO, ''] })).toThrow(/webhookSecret\[1\]/);
  });

  it('lets the fake sign every notice with both secrets', async () => {
    const results: WebhookResult[] = [];
    const handler = createWebhookHandler({ verify: webhookSignatureVerifier(ANTIGO), logger: quiet, on: { 'produto.nome_alterado': () => undefined } });
    const fake = createFakeApi({ rateLimit: false, webhookSecret: [NOVO, ANTIGO], onWebhook: async (_e, { body, headers }) => void results.push(await handler.handle(body, headers)) });
    await get(fake, '/v1/conta');
    await fake.catalog.changeTitle('SKU-0001', 'Assinado duas vezes');
    expect(results.map((r) => r.status)).toEqual([200]);
  });
});

describe('createWebhookHandler with a list of checks', () => {
  const refuse =
    (why: 'mismatch' | 'expired'): WebhookVerify =>
    () => {
      throw new WebhookSignatureError(why);
    };
  const accept: WebhookVerify = () => true;
  const broken: WebhookVerify = () => {
    throw new Error('secret store down');
  };
  const handle = (verify: WebhookVerify | readonly WebhookVerify[]) =>
    createWebhookHandler({ verify, logger: quiet, onError: () => undefined, on: { 'pedido.criado': () => undefined } }).handle(body, {});

  it('accepts a delivery any check accepts, in any place of the list', async () => {
    expect((await handle([refuse('mismatch'), accept])).status).toBe(200);
    expect((await handle([accept, refuse('mismatch')])).status).toBe(200);
    expect((await handle([broken, accept])).status).toBe(200);
  });

  it('refuses one all refuse, with the most telling reason, and answers 500 when a check failed and none accepted', async () => {
    expect(await handle([refuse('mismatch'), refuse('mismatch')])).toMatchObject({ status: 401, message: expect.stringMatching(/mismatch/) });
    expect(await handle([refuse('mismatch'), refuse('expired')])).toMatchObject({ status: 401, message: expect.stringMatching(/expired/) });
    expect(await handle([() => false, refuse('mismatch')])).toMatchObject({ status: 401 });
    expect(await handle([broken, refuse('mismatch')])).toMatchObject({ status: 500 });
  });

  it('refuses an empty list, a list of more than 8, and an entry that is not a function, naming it', () => {
    const create = (verify: unknown) => () => createWebhookHandler({ verify: verify as WebhookVerify, on: {} });
    expect(create([])).toThrow(/verify/);
    expect(create(Array.from({ length: 9 }, () => accept))).toThrow(/verify/);
    expect(create([accept, 'segredo'])).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ path: 'verify[1]' })] }));
  });
});

describe('partner-commerce sandbox signing with two secrets', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function receiver(secret: string): Promise<{ url: string; statuses: number[] }> {
    const handler = createWebhookHandler({ verify: webhookSignatureVerifier(secret), logger: quiet, on: { 'financeiro.lancamento_criado': () => undefined } });
    const statuses: number[] = [];
    const server: Server = createServer((req, res) => {
      res.on('finish', () => statuses.push(res.statusCode));
      void handler.node(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, statuses };
  }

  it('forwards each notice signed with both: receivers with the new or the old secret accept it, one with a removed secret refuses it', async () => {
    const [novo, antigo, removido] = [await receiver(NOVO), await receiver(ANTIGO), await receiver(REMOVIDO)];
    const journalDir = mkdtempSync(join(tmpdir(), 'pc-rotation-'));
    cleanup.push(() => rmSync(journalDir, { recursive: true, force: true }));
    const attempts: DeliveryAttempt[] = [];
    let delivered!: () => void;
    const all = new Promise<void>((resolve) => (delivered = resolve));
    const sandbox: LocalSandbox = await startSandbox({
      secret: [NOVO, ANTIGO],
      forwardTo: [novo.url, antigo.url, removido.url],
      retryScheduleMs: [],
      rateLimit: false,
      journalDir,
      onDelivery: (a) => {
        attempts.push(a);
        if (attempts.length === 3) delivered();
      },
    });
    cleanup.push(() => sandbox.close());
    expect(sandbox.secret).toBe(NOVO);
    expect(sandbox.secrets).toEqual([NOVO, ANTIGO]);
    await trigger(new PartnerCommerce({ token: 'svc_sbx_rotation', baseUrl: sandbox.url, logLevel: 'off' }), 'financeiro.lancamento_criado');
    await all;
    expect([novo.statuses, antigo.statuses, removido.statuses]).toEqual([[200], [200], [401]]);
  });

  it('takes --secret twice on the command line, and prints both, the current one first', async () => {
    const journalDir = mkdtempSync(join(tmpdir(), 'pc-rotation-cli-'));
    cleanup.push(() => rmSync(journalDir, { recursive: true, force: true }));
    const out: string[] = [];
    const io = { out: (l: string) => void out.push(l), err: (l: string) => void out.push(l) };
    const args = ['sandbox', '--journal-dir', journalDir, '--secret', NOVO, '--secret', ANTIGO, '--print-secret'];
    expect(await runCli([...args, '--json'], { io, stopped: new Promise(() => undefined) })).toBe(0);
    expect(JSON.parse(out[0]!)).toMatchObject({ secret: NOVO, secrets: [NOVO, ANTIGO] });
    out.length = 0;
    expect(await runCli(args, { io, stopped: new Promise(() => undefined) })).toBe(0);
    expect(out).toEqual([NOVO, ANTIGO]);
  });
});
