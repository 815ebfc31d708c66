import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createFakeApi, WEBHOOK_SIGNATURE_HEADER, webhookSignatureHeaders, webhookSignatureVerifier, type FakeApiOptions, type FakeWebhookContext } from '../../src/testing/index.js';
import { createWebhookHandler, productHandlers, type WebhookResult } from '../../src/webhooks/index.js';
import { get, manualClock, umPedido } from './helpers.js';

const quiet = { warn: () => undefined, error: () => undefined };

/** A fake whose notices go to a real receiver through `onWebhook`, with the exact body and headers. */
async function wired(options: FakeApiOptions, verify: (raw: Uint8Array<ArrayBuffer>, headers: Headers) => boolean | Promise<boolean>) {
  const seen: string[] = [];
  const results: WebhookResult[] = [];
  const handler = createWebhookHandler({ verify, logger: quiet, on: { ...productHandlers((e) => void seen.push(e.evento)), 'pedido.criado': (e) => void seen.push(e.evento) } });
  const contexts: FakeWebhookContext[] = [];
  const fake = createFakeApi({ rateLimit: false, ...options, onWebhook: async (_e, context) => void (contexts.push(context), results.push(await handler.handle(context.body, context.headers))) });
  await get(fake, '/v1/conta');
  return { fake, seen, results, contexts };
}

describe('signed notices of the fake', () => {
  it('are refused by a receiver with a real verify when the fake does not sign (the default)', async () => {
    const { fake, results, seen } = await wired({}, webhookSignatureVerifier('segredo'));
    await fake.catalog.changeTitle('SKU-0001', 'Sem assinatura');
    expect(results.map((r) => r.status)).toEqual([401]);
    expect(seen).toEqual([]);
  });

  it('are accepted by webhookSignatureVerifier with the same webhookSecret, for API calls and catalog changes alike', async () => {
    const clock = manualClock('2024-05-10T12:00:00-03:00');
    // The fake signs at its own time: the verifier is given the same clock.
    const { fake, results, seen, contexts } = await wired({ webhookSecret: 'segredo', now: clock.now }, webhookSignatureVerifier('segredo', { now: clock.now }));
    await umPedido(fake);
    await fake.catalog.changeTitle('SKU-0001', 'Assinado');
    expect(results.map((r) => [r.status, r.outcome])).toEqual([
      [200, 'handled'],
      [200, 'handled'],
    ]);
    expect(seen).toEqual(['pedido.criado', 'produto.nome_alterado']);
    // The fake's clock, in whole seconds, is the time in the header.
    expect(contexts[1]!.headers[WEBHOOK_SIGNATURE_HEADER]).toMatch(new RegExp(`^t=${Date.parse('2024-05-10T15:00:00Z') / 1000},v1=[0-9a-f]{64}$`));
    expect(contexts[1]!.headers['content-type']).toBe('application/json');
    expect(contexts[1]!.body).toBe(JSON.stringify(fake.webhooks[1]!.event));
  });

  it('are refused with another secret, and when one byte of the body changes', async () => {
    const { fake, results } = await wired({ webhookSecret: 'segredo' }, webhookSignatureVerifier('outro'));
    await fake.catalog.changeTitle('SKU-0001', 'x');
    expect(results.map((r) => r.status)).toEqual([401]);
    const verify = webhookSignatureVerifier('segredo');
    const body = '{"a":1}';
    const headers = new Headers(await webhookSignatureHeaders('segredo', body));
    expect(await verify(new TextEncoder().encode(body), headers)).toBe(true);
    await expect(verify(new TextEncoder().encode('{"a":2}'), headers)).rejects.toMatchObject({ reason: 'mismatch' });
    await expect(verify(new TextEncoder().encode(body), new Headers())).rejects.toMatchObject({ reason: 'missing' });
    await expect(verify(new TextEncoder().encode(body), new Headers({ [WEBHOOK_SIGNATURE_HEADER]: 't=1,v1=zz' }))).rejects.toMatchObject({ reason: 'malformed' });
  });

  it('carry the headers of a custom signWebhook, given the exact body, so your own verify can be tested', async () => {
    const assinar = (body: string) => ({ 'X-Assinatura': `len=${new TextEncoder().encode(body).length}` });
    const verify = async (raw: Uint8Array, headers: Headers) => headers.get('x-assinatura') === `len=${raw.length}`;
    const { fake, results } = await wired({ signWebhook: assinar }, verify);
    await fake.catalog.changeTitle('SKU-0001', 'Título com acentuação');
    await fake.catalog.changeTitle('SKU-0001', 'Outro título');
    expect(results.map((r) => r.status)).toEqual([200, 200]);
  });

  it('are posted signed to webhookUrl, where a receiver mounted on node:http verifies the bytes', async () => {
    const handler = createWebhookHandler({ verify: webhookSignatureVerifier('segredo'), logger: quiet, on: productHandlers(() => undefined) });
    const statuses: number[] = [];
    const server = createServer((req, res) => {
      res.on('finish', () => statuses.push(res.statusCode));
      void handler.node(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
      const fake = createFakeApi({ rateLimit: false, webhookSecret: 'segredo', webhookUrl });
      await get(fake, '/v1/conta');
      await fake.catalog.changePrices('SKU-0002', { precoAtacado: '11.11' });
      expect(fake.webhooks.map((d) => d.errors)).toEqual([[]]);
      expect(statuses).toEqual([200]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('record a throwing signer on the delivery, and the API call still succeeds', async () => {
    const fake = createFakeApi({
      rateLimit: false,
      signWebhook: () => {
        throw new Error('signer broke');
      },
    });
    const pedido = await umPedido(fake); // throws unless 201
    expect(pedido.id).toEqual(expect.any(String));
    expect(fake.webhooks.map((d) => (d.errors[0] as Error).message)).toEqual(['signer broke']);
  });

  it('refuse both options at once, and a malformed secret', () => {
    expect(() => createFakeApi({ webhookSecret: 's', signWebhook: () => ({}) })).toThrow(/webhookSecret or signWebhook, not both/);
    expect(() => createFakeApi({ webhookSecret: '' })).toThrow(/webhookSecret: must be a non-empty string/);
    expect(() => webhookSignatureVerifier('')).toThrow(/secret: must be a non-empty string/);
  });
});
