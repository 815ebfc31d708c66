/**
 * The outbox as partners run it for days: one operation = `outbox.criarPedido(body, { idempotencyKey })`
 * of a one-pair order, sent through the client to the testing kit's fake. Two things grow by design:
 * the outbox keeps every row with its answer (that is how a retry under the same key gets the first
 * answer back; on PGlite the rows live in its WASM memory, outside the JS heap), and the fake keeps
 * every order, as a server would. `outbox-control` makes the same orders with `client.pedidos.criar` and no outbox, for the
 * fake's share.
 */
import { PartnerCommerce } from '../../src/index.js';
import { createMemoryStore, createOutbox, createPgliteStore, type MirrorStore } from '../../src/mirror/index.js';
import { createFakeApi, type FakeApi } from '../../src/testing/index.js';
import type { SoakPart, SoakRun } from './harness.js';

const TOKEN = 'svc_sbx_soak_outbox';
const BASE_URL = 'https://sandbox.example.test';

interface OrderSetup {
  fake: FakeApi;
  client: PartnerCommerce;
  body: { itens: Array<{ sku: string; numeracao: string; quantidade: number }> };
}

/** A fake with one size stocked for every order the soak makes, and a client on it. */
async function ordersOnFake(): Promise<OrderSetup> {
  // A request log of 100 (not the kit's 1,000) fills within the first chunk, so it is not read as growth.
  const fake = createFakeApi({ catalogSize: 10, rateLimit: false, maxRecordedRequests: 100 });
  const produto = fake.catalog.products().find((p) => p.ativo)!;
  const { numeracao } = produto.numeracoes[0]!;
  await fake.catalog.setStock(produto.sku, numeracao, 10_000_000);
  const client = new PartnerCommerce({ token: TOKEN, baseUrl: BASE_URL, fetch: fake.fetch, rateLimit: false, maxRetries: 0, logLevel: 'off' });
  return { fake, client, body: { itens: [{ sku: produto.sku, numeracao, quantidade: 1 }] } };
}

function outboxPart(name: string, storeName: string, store: () => MirrorStore, ops: number): SoakPart {
  return {
    name,
    operation: `\`outbox.criarPedido()\` of a new order, to the fake (${storeName})`,
    ops,
    async setup(): Promise<SoakRun> {
      const { client, body } = await ordersOnFake();
      const outbox = createOutbox({ client, store: store() });
      await outbox.replay();
      return {
        async run(from, to) {
          for (let n = from; n < to; n++) await outbox.criarPedido(body, { idempotencyKey: `soak-pedido-${n}` });
        },
        async close() {
          await outbox.close();
          await client.close();
        },
      };
    },
  };
}

export const outboxMemory = outboxPart('outbox-memory', 'memory store', createMemoryStore, 10_000);
export const outboxPglite = outboxPart('outbox-pglite', 'PGlite in memory', () => createPgliteStore(), 3_000);

export const outboxControl: SoakPart = {
  name: 'outbox-control',
  operation: "the same order with `client.pedidos.criar()`, no outbox (the fake's own share)",
  ops: 10_000,
  async setup() {
    const { client, body } = await ordersOnFake();
    return {
      async run(from, to) {
        for (let n = from; n < to; n++) await client.pedidos.criar(body, { idempotencyKey: `soak-pedido-${n}` });
      },
      close: () => client.close(),
    };
  },
};
