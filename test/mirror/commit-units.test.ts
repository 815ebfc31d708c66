/**
 * Small commit units, so no transaction outlives a job runner's timeout: a backfill commits each page
 * with its checkpoint, a `produto.lote` commits chunks of ITENS_POR_TRANSACAO items, a sweep commits
 * chunks of 500 rows. Each unit that committed stays committed when a later one fails.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore, createMirror, type MirrorStore } from '../../src/mirror/index.js';
import { ITENS_POR_TRANSACAO } from '../../src/mirror/apply/apply-event.js';
import type { MirrorTx } from '../../src/mirror/store/types.js';
import { createFakeApi } from '../../src/testing/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';
import { testClient } from '../helpers/client.js';
import { produto } from './fixtures.js';

interface Unit {
  /** Changes logged in the transaction. */
  changes: number;
  /** State keys written in it. */
  state: string[];
}

/** A memory store that records what each committed transaction wrote, and can fail the n-th one. */
function recording(inner: MirrorStore = createMemoryStore()): MirrorStore & { units: Unit[]; failAt?: number } {
  const units: Unit[] = [];
  let count = 0;
  const store: MirrorStore & { units: Unit[]; failAt?: number } = Object.assign(Object.create(inner) as MirrorStore, {
    units,
    transaction: <T>(fn: (tx: MirrorTx) => Promise<T>) =>
      inner.transaction(async (tx) => {
        const unit: Unit = { changes: 0, state: [] };
        const result = await fn({
          ...tx,
          appendChanges: (c) => ((unit.changes += c.length), tx.appendChanges(c)),
          setState: (key, value) => (unit.state.push(key), tx.setState(key, value)),
        });
        if (++count === store.failAt) throw new Error(`transaction ${count} failed`);
        units.push(unit);
        return result;
      }),
  });
  return store;
}

const lote = (n: number) =>
  parseWebhook({
    id: 'evt_lote_grande',
    evento: 'produto.lote',
    criadoEm: '2026-11-01T12:00:00.000Z',
    ambiente: 'sandbox',
    integracao: { id: 'int_1', nome: 'Loja' },
    dados: { total: n, itens: Array.from({ length: n }, (_, i) => ({ evento: 'produto.criado', produto: produto(`L-${String(i).padStart(4, '0')}`, 10) })) },
  });

describe('commit units', () => {
  it(`a produto.lote commits ${ITENS_POR_TRANSACAO} items per transaction; chunks committed before a failure stay, and a redelivery applies only the rest`, async () => {
    expect(ITENS_POR_TRANSACAO).toBe(100);
    const inner = createMemoryStore();
    const store = recording(inner);
    const client = testClient(createFakeApi().fetch);
    // The first open records the store's catalog (a transaction of its own): done before counting.
    await createMirror({ client, store: inner }).open();
    const mirror = createMirror({ client, store });
    await mirror.open();
    store.failAt = 3;
    await expect(mirror.applyEvent(lote(250))).rejects.toThrow('transaction 3 failed');
    expect(store.units.map((u) => u.changes)).toEqual([100, 100]);
    expect((await store.counts()).products).toBe(200);
    store.failAt = undefined;
    expect(await mirror.applyEvent(lote(250))).toMatchObject({ received: 250, applied: 50, ignored: 200 });
    expect(store.units.slice(2).map((u) => u.changes)).toEqual([0, 0, 50]);
    expect((await store.counts()).changes).toBe(250);
  });

  it('a backfill commits each page with its checkpoint, one transaction per page', async () => {
    const store = recording();
    const fake = createFakeApi({ catalogSize: 250, rateLimit: false });
    const mirror = createMirror({ client: testClient(fake.fetch), store });
    await mirror.backfill();
    const pages = store.units.filter((u) => u.changes > 0);
    expect(pages.map((u) => u.changes)).toEqual([100, 100, 50]);
    // The checkpoint commits with the page (the server clock's reading may ride along).
    for (const page of pages) expect(page.state).toContain('backfill');
  });

  it('a sweep marks what the scan did not list in chunks of 500 rows', async () => {
    const store = recording();
    const fake = createFakeApi({ catalogSize: 1_200, rateLimit: false });
    let listed = true;
    // From the second scan on, every page comes back empty (cursors kept): the whole catalog stopped being listed.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const response = await fake.fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (listed || url.pathname !== '/v1/produtos') return response;
      const body = (await response.json()) as { dados: unknown[] };
      return new Response(JSON.stringify({ ...body, dados: [] }), { status: response.status, headers: response.headers });
    };
    const source = testClient(fetch);
    const mirror = createMirror({ client: source, store });
    await mirror.backfill();
    listed = false;
    store.units.length = 0;
    expect(await mirror.backfill()).toMatchObject({ missing: 1_200 });
    expect(store.units.filter((u) => u.changes > 0).map((u) => u.changes)).toEqual([500, 500, 200]);
  });
});
