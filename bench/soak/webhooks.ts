/**
 * The webhook receiver as partners run it for days: `handler.handle(body, headers)` of signed notices,
 * each with a new id (so every one is verified, parsed, deduplicated and recorded), with the default
 * in-memory dedupe store (bounded at 10,000 ids: the heap must stop growing once it is full) and with
 * the Redis dedupe store (the ids live in Redis, so the process's heap must stay flat from the start).
 */
import { createRedisDedupeStore } from '../../src/redis/index.js';
import { webhookSignatureHeaders, webhookSignatureVerifier } from '../../src/testing/index.js';
import { createWebhookHandler, type WebhookHandler } from '../../src/webhooks/index.js';
import type { RedisServer } from '../../test/redis/redis-server.js';
import type { SoakPart, SoakRun } from './harness.js';

const SECRET = 'whsec_soak';
const quiet = { warn() {}, error() {} };
const operation = '`handler.handle()` of a signed `pedido.status_alterado` with a new id';

function body(n: number): string {
  return JSON.stringify({
    id: `evt_soak_${n}`,
    criadoEm: '2026-11-20T10:00:00-03:00',
    ambiente: 'producao',
    integracao: { id: 'int_8f2a', nome: 'Loja Centro' },
    evento: 'pedido.status_alterado',
    dados: {
      pedido: {
        id: `ped_${n}`,
        numero: 10_000 + n,
        status: 'ENVIADO',
        total: '1299.90',
        origem: 'API',
        referenciaExterna: `PED-${n}`,
        enviarPara: 'CLIENTE',
        criadoEm: '2026-11-20T09:12:44-03:00',
        atualizadoEm: '2026-11-20T10:00:00-03:00',
        statusAnterior: 'PAGO',
      },
    },
  });
}

function handlerRun(handler: WebhookHandler, close: () => Promise<void>): SoakRun {
  let handled = 0;
  return {
    async run(from, to) {
      for (let i = from; i < to; i++) {
        const raw = body(i);
        const result = await handler.handle(raw, await webhookSignatureHeaders(SECRET, raw));
        if (result.status !== 200) throw new Error(`notice ${i} answered ${result.status}`);
        handled++;
      }
    },
    close,
    note: () => `${handled.toLocaleString('en')} notices answered 200.`,
  };
}

function handlerWith(dedupe: true | { store: ReturnType<typeof createRedisDedupeStore> }): WebhookHandler {
  return createWebhookHandler({ verify: webhookSignatureVerifier(SECRET), logger: quiet, dedupe, on: { 'pedido.status_alterado': () => {} } });
}

export const webhookMemory: SoakPart = {
  name: 'webhook-memory-dedupe',
  operation: `${operation}, default in-memory dedupe (10,000 ids)`,
  ops: 100_000,
  async setup() {
    return handlerRun(handlerWith(true), async () => {});
  },
};

export function webhookRedis(redis: () => Promise<RedisServer>): SoakPart {
  return {
    name: 'webhook-redis-dedupe',
    operation: `${operation}, Redis dedupe store`,
    ops: 20_000,
    async setup() {
      const store = createRedisDedupeStore({ redis: (await redis()).url, prefix: `soak-${process.pid}:`, logger: quiet });
      return handlerRun(handlerWith({ store }), () => store.close());
    },
  };
}
