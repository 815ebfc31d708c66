import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/index.js';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi, webhookSignatureVerifier, type FakeWebhookContext } from '../../src/testing/index.js';
import { createWebhookHandler, WebhookSignatureError, type WebhookErrorContext, type WebhookHandlerOptions } from '../../src/webhooks/index.js';
import { testClient } from '../helpers/client.js';
import { eventoBody } from './fixtures.js';
import { captureLogger } from './helpers.js';

const quiet = { warn: () => undefined, error: () => undefined };

describe('createWebhookHandler without verify', () => {
  it('refuses to be created, naming verify, unless the partner opts out explicitly', () => {
    const logs = captureLogger();
    let refused: unknown;
    try {
      createWebhookHandler({ on: {}, logger: logs.logger } as unknown as WebhookHandlerOptions);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect((refused as InvalidInputError).issues).toEqual([{ path: 'verify', message: expect.stringContaining("'unsafe-skip'") }]);
    expect(() => createWebhookHandler(undefined as unknown as WebhookHandlerOptions)).toThrow(/verify: is required/);
    expect(() => createWebhookHandler({ verify: true } as unknown as WebhookHandlerOptions)).toThrow(/verify: must be a function/);
    expect(() => createWebhookHandler({ verify: 'skip' } as unknown as WebhookHandlerOptions)).toThrow(InvalidInputError);
    expect(logs.lines).toEqual([]);
  });

  it("accepts every delivery with verify: 'unsafe-skip', and warns so once at creation", async () => {
    const logs = captureLogger();
    const handler = createWebhookHandler({ verify: 'unsafe-skip', on: { 'pedido.criado': () => undefined }, logger: logs.logger });
    expect(logs.lines).toEqual([{ level: 'warn', message: expect.stringContaining("verify is 'unsafe-skip', so signatures are not checked") }]);
    expect(await handler.handle(eventoBody('pedido.criado'))).toMatchObject({ status: 200, outcome: 'handled' });
    expect(logs.lines).toHaveLength(1);
  });

  it('so a forged price notice never reaches the mirror: refused for its signature, while the genuine one applies', async () => {
    const sent: FakeWebhookContext[] = [];
    const fake = createFakeApi({ catalogSize: 5, rateLimit: false, webhookSecret: 'segredo', onWebhook: (_e, context) => void sent.push(context) });
    const mirror = createMirror({ client: testClient(fake.fetch), store: createMemoryStore() });
    await mirror.backfill();
    const told: WebhookErrorContext[] = [];
    const handler = createWebhookHandler({ verify: webhookSignatureVerifier('segredo'), on: mirror.webhookHandlers(), onError: (_e, c) => void told.push(c), logger: quiet });
    expect(() => createWebhookHandler({ on: mirror.webhookHandlers() } as unknown as WebhookHandlerOptions)).toThrow(/verify/);

    await fake.catalog.changePrices('SKU-0002', { precoAtacado: '11.11' });
    const genuine = sent.at(-1)!;
    expect(genuine.body).toContain('"precoAtacado":"11.11"');
    const forged = genuine.body.replace('"precoAtacado":"11.11"', '"precoAtacado":"0.01"');
    expect(await handler.handle(forged, genuine.headers)).toMatchObject({ status: 401, outcome: 'unauthorized', message: expect.stringContaining('mismatch') });
    expect((await mirror.product('SKU-0002'))!.product.precoAtacado.toString()).not.toBe('0.01');
    expect(told).toEqual([{ stage: 'verify', status: 401 }]);

    expect(await handler.handle(genuine.body, genuine.headers)).toMatchObject({ status: 200, outcome: 'handled' });
    expect((await mirror.product('SKU-0002'))!.product.precoAtacado.toFixed(2)).toBe('11.11');
    await mirror.close();
  });
});

describe('createWebhookHandler verifies before it parses', () => {
  it('answers a body that is not JSON, with a bad signature, with the signature refusal and no parse error', async () => {
    const told: [unknown, WebhookErrorContext][] = [];
    const handler = createWebhookHandler({ verify: webhookSignatureVerifier('segredo'), onError: (e, c) => void told.push([e, c]), allowUnsignedPing: false, logger: quiet });
    const result = await handler.handle('{not json', { 'x-fake-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` });
    expect(result).toEqual({ status: 401, outcome: 'unauthorized', message: 'webhook signature refused: mismatch' });
    expect(told).toEqual([[expect.any(WebhookSignatureError), { stage: 'verify', status: 401 }]]);
  });

  it('says why when verify only answers false, and logs the refusal when there is no onError', async () => {
    const logs = captureLogger();
    const handler = createWebhookHandler({ verify: () => false, allowUnsignedPing: false, logger: logs.logger });
    expect(await handler.handle(eventoBody('pedido.criado'))).toMatchObject({ status: 401, message: 'webhook signature refused: refused (verify returned false)' });
    expect(logs.lines).toEqual([{ level: 'warn', message: expect.stringMatching(/signature refused: refused .*\(answered 401\)/) }]);
  });

  it('acknowledges an unsigned teste.ping without parsing it: nothing of its content comes back', async () => {
    const told: WebhookErrorContext[] = [];
    const handler = createWebhookHandler({ verify: () => false, onError: (_e, c) => void told.push(c), logger: quiet });
    const ping = eventoBody('teste.ping', { dados: { mensagem: 'forjado' } });
    const result = await handler.handle(ping);
    expect(result).toEqual({ status: 200, outcome: 'unsigned-ping' });
    expect(told).toEqual([]);
    // A body bigger than any ping is refused without being read for its kind.
    const padded = eventoBody('teste.ping', { dados: { mensagem: 'x'.repeat(5000) } });
    expect(await handler.handle(padded)).toMatchObject({ status: 401, outcome: 'unauthorized' });
  });
});

describe("onError's evento", () => {
  it('is the kind string at every stage that knows it, with the id beside it', async () => {
    const told: WebhookErrorContext[] = [];
    const boom = () => {
      throw new Error('boom');
    };
    const handler = createWebhookHandler({
      verify: 'unsafe-skip',
      logger: quiet,
      on: { 'pedido.criado': boom, 'produto.preco_atualizado': boom },
      onUnknown: boom,
      onError: (_e, context) => void told.push(context),
    });
    await handler.handle(eventoBody('pedido.criado', { id: 'evt_pedido' }));
    await handler.handle(eventoBody('pedido.novo_tipo', { id: 'evt_novo', dados: {} }));
    // Items: produto.estoque_atualizado (no handler), produto.preco_atualizado (throws), produto.nome_alterado.
    await handler.handle(eventoBody('produto.lote', { id: 'evt_lote' }));
    await handler.handle(eventoBody('pedido.criado', { id: 'evt_mau', dados: {} }));
    await handler.handle('{not json');
    expect(told).toEqual([
      { stage: 'handler', status: 500, evento: 'pedido.criado', id: 'evt_pedido' },
      { stage: 'handler', status: 500, evento: 'pedido.novo_tipo', id: 'evt_novo' },
      { stage: 'handler', status: 500, evento: 'produto.preco_atualizado', id: 'evt_lote:1' },
      { stage: 'parse', status: 400, evento: 'pedido.criado' },
      { stage: 'parse', status: 400 },
    ]);
  });

  it('is the kind string when only recording the id failed', async () => {
    const told: WebhookErrorContext[] = [];
    const handler = createWebhookHandler({
      verify: 'unsafe-skip',
      logger: quiet,
      on: { 'pedido.criado': () => undefined },
      dedupe: { store: { has: () => false, add: () => Promise.reject(new Error('full')) } },
      onError: (_e, context) => void told.push(context),
    });
    expect(await handler.handle(eventoBody('pedido.criado', { id: 'evt_pedido' }))).toMatchObject({ status: 200, outcome: 'handled' });
    expect(told).toEqual([{ stage: 'dedupe', status: 200, evento: 'pedido.criado', id: 'evt_pedido' }]);
  });
});
