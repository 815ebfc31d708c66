/**
 * The catalog mirror as partners run it for days: backfilled once from the testing kit's fake, then
 * one operation = one change to the fake's catalog (stock, prices, title, on/off, current price, or a
 * lote of three), its notices handed to the mirror (`mirror.applyEvent(parseWebhook(body))`, as a
 * receiver does), then one follow run. The catalog keeps its size (no product is created), so what
 * grows is what the parts keep per change: on the memory store its change log (`changedSince`, kept
 * by design, two product snapshots per change). `fake-notices` runs the same changes with no mirror,
 * to measure the kit's list of notices sent (`fake.webhooks`, the last 1,000 by default).
 */
import { PartnerCommerce } from '../../src/index.js';
import { createMemoryStore, createMirror, createPgliteStore, type MirrorStore } from '../../src/mirror/index.js';
import { createFakeApi, type FakeApi, type FakeCatalog } from '../../src/testing/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';
import type { SoakPart, SoakRun } from './harness.js';

const TOKEN = 'svc_sbx_soak_mirror';
const BASE_URL = 'https://sandbox.example.test';
const CATALOG = 60;

/** One catalog change, chosen by `n` (no randomness: every run changes the same things). */
async function change(catalog: FakeCatalog, skus: readonly string[], n: number): Promise<void> {
  const sku = skus[n % skus.length]!;
  const produto = catalog.product(sku)!;
  const size = produto.numeracoes[n % produto.numeracoes.length]!.numeracao;
  switch (n % 10) {
    case 0:
    case 1:
    case 2:
    case 3:
      await catalog.setStock(sku, size, (n * 7) % 41);
      return;
    case 4:
    case 5:
      await catalog.changePrices(sku, { precoAtacado: `${60 + (n % 50)}.90` });
      return;
    case 6:
      await catalog.changeTitle(sku, `Produto ${n}`);
      return;
    case 7:
      await (produto.ativo ? catalog.deactivate(sku) : catalog.reactivate(sku));
      return;
    case 8:
      await catalog.changeCurrentPrice(sku, `${150 + (n % 100)}.90`);
      return;
    default:
      // A produto.lote: three changes in one notice.
      await catalog.batch((c) => {
        for (let k = 1; k <= 3; k++) {
          const other = c.product(skus[(n + k) % skus.length]!)!;
          void c.setStock(other.sku, other.numeracoes[0]!.numeracao, (n + k) % 41);
        }
      });
  }
}

interface CatalogSetup {
  fake: FakeApi;
  client: PartnerCommerce;
  tick(): void;
  /** Notices of a change land here (the mirror's applyEvent once it is backfilled). */
  receiver: { apply?: (body: string) => Promise<void> };
}

function catalogOnFake(): CatalogSetup {
  let clock = Date.parse('2026-11-20T10:00:00-03:00');
  const receiver: CatalogSetup['receiver'] = {};
  const fake = createFakeApi({
    catalogSize: CATALOG,
    rateLimit: false,
    now: () => new Date(clock),
    stockWebhookDelayMs: 0,
    // The kit's request log (1,000 by default) would fill past the warm-up here (about one request per
    // follow run) and read as growth; 100 fills within the first chunk.
    maxRecordedRequests: 100,
    onWebhook: async (_event, { body }) => {
      await receiver.apply?.(body);
    },
  });
  const client = new PartnerCommerce({ token: TOKEN, baseUrl: BASE_URL, fetch: fake.fetch, rateLimit: false, logLevel: 'off' });
  return { fake, client, receiver, tick: () => void (clock += 1_000) };
}

/** Change `n` on the fake's catalog, its notices sent (and applied, for a mirror's receiver), then a second on the fake's clock. */
async function changeAndNotify(fake: FakeApi, skus: readonly string[], n: number, tick: () => void): Promise<void> {
  await change(fake.catalog, skus, n);
  await fake.flushWebhooks();
  tick();
}

function mirrorPart(name: string, storeName: string, store: () => MirrorStore, ops: number): SoakPart {
  return {
    name,
    operation: `one catalog change on the fake, its notices applied, one \`mirror.follow()\` (${storeName})`,
    ops,
    async setup(): Promise<SoakRun> {
      const { fake, client, receiver, tick } = catalogOnFake();
      const mirror = createMirror({ client, store: store() });
      await mirror.backfill();
      let applied = 0;
      receiver.apply = async (body) => {
        await mirror.applyEvent(parseWebhook(body));
        applied++;
      };
      const skus = fake.catalog.skus();
      return {
        async run(from, to) {
          for (let n = from; n < to; n++) {
            await changeAndNotify(fake, skus, n, tick);
            await mirror.follow();
          }
        },
        async close() {
          await mirror.close();
          await client.close();
        },
        async note() {
          const counts = await mirror.counts();
          return `${applied.toLocaleString('en')} notices applied; the mirror holds ${counts.products} products.`;
        },
      };
    },
  };
}

export const mirrorMemory = mirrorPart('mirror-memory', 'memory store', createMemoryStore, 3_000);
export const mirrorPglite = mirrorPart('mirror-pglite', 'PGlite in memory', () => createPgliteStore(), 4_000);

export const fakeNotices: SoakPart = {
  name: 'fake-notices',
  operation: "the same catalog change on the fake, no mirror (the kit's list of notices, `fake.webhooks`, bounded)",
  // The list fills (1,000 notices, about one per change) within the first fifth, the warm-up.
  ops: 10_000,
  async setup() {
    const { fake, client, tick } = catalogOnFake();
    // Notices go to the accounts that have called the fake: one call, as the mirror's backfill makes.
    await client.produtos.listar({ limite: 1 });
    const skus = fake.catalog.skus();
    return {
      async run(from, to) {
        for (let n = from; n < to; n++) await changeAndNotify(fake, skus, n, tick);
      },
      close: () => client.close(),
      note: () => `\`fake.webhooks\` holds ${fake.webhooks.length.toLocaleString('en')} notices.`,
    };
  },
};
