/**
 * The contract every mirror store keeps (src/mirror/store/types.ts), as one suite run over each engine.
 *
 * Use: `describeStoreContract(kind)` inside a test file, for each {@link StoreKind} (test/mirror/stores.ts
 * gives memory, PGlite and PostgreSQL). A kind is a factory: `setup()` once per file (start an engine),
 * `fresh()` an empty, open store for each test, `teardown()` once at the end, and `skip` with the reason
 * when the engine is missing. A new engine (as SQLite was) adds a kind there and must pass this whole
 * suite unchanged; where an engine cannot, the contract is what changes, in types.ts, on purpose.
 *
 * What the suite pins (the memory store must behave as the SQL ones do, each rule with its test here): all-or-nothing transactions, change feed included;
 * writes one at a time; reads of committed data only; positions that only grow and are never handed out
 * twice, a rollback leaving a gap (a SQL sequence is not rolled back); text in code point order (the `C`
 * collation); rows of one transaction sharing its start time (SQL's `now()`), so the outbox and refresh
 * queue order ties by key; values round-tripped as JSON (jsonb); generations that only grow; a size owned
 * by the product that last listed it; run locks by name; outbox claims that never send one row twice.
 *
 * The memory store stays (rather than PGlite in memory in its place), measured on this suite on 2 cores
 * (docs/mirror.md, "Stores and their contract"): 0.5 s against PGlite's 2.7 s plus its start of seconds,
 * and no memory to speak of, where one in-memory PGlite took a test process from about 205 to 810 MB of
 * RSS: tests and demos that open many stores cannot afford that. The SQL stores and the
 * SQL-side fixes (JSON string values, a sku twice in one batch) are held to the same suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aplicarProdutos } from '../../src/mirror/apply/apply-product.js';
import { QUARANTINE_KEY, updateQuarantine, type Quarantine } from '../../src/mirror/apply/quarantine.js';
import type { MirrorStore, OutboxRow } from '../../src/mirror/index.js';
import type { NewChange, ProdutoWire, StoredProduto } from '../../src/mirror/store/types.js';
import { produto } from './fixtures.js';
import type { StoreKind } from './stores.js';

/** A product row as a store keeps it, for the tests that write through the transaction directly. */
const linha = (p: ProdutoWire, position: number, extra: Partial<StoredProduto> = {}): StoredProduto => ({
  produto: p,
  atualizadoMs: Date.parse(p.atualizadoEm),
  seenGeneration: 0,
  naoVistoDesde: null,
  position,
  ...extra,
});

const change = (sku: string, extra: Partial<NewChange> = {}): NewChange => ({
  sku,
  kind: 'criado',
  fields: ['titulo'],
  before: null,
  after: produto(sku, 1),
  origin: 'webhook',
  evento: null,
  ...extra,
});

/** A promise and the function that settles it: lets a test hold a transaction or a call open on purpose. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open };
}

/** Everything a store shows of its data, for comparing before and after a rolled-back transaction. */
async function snapshot(store: MirrorStore, skus: string[], keys: string[]) {
  return {
    produtos: await store.produtos(null, 100),
    variacoes: await Promise.all(skus.flatMap((s) => [`${s}-38`, `${s}-39`]).map((v) => store.variacao(v))),
    changes: await store.changes(0, 100),
    lastPosition: await store.lastPosition(),
    counts: await store.counts(),
    state: await store.state('x'),
    refresh: await store.transaction((tx) => tx.refreshQueue(100)),
    outbox: await store.transaction(async (tx) => Promise.all(keys.map((k) => tx.outboxRow(k)))),
    pending: await store.transaction((tx) => tx.outboxPending(100)),
  };
}

export function describeStoreContract(kind: StoreKind): void {
  describe.skipIf(kind.skip !== undefined)(`${kind.name} store contract`, { timeout: 60_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());
    const apply = (store: MirrorStore, ps: Parameters<typeof aplicarProdutos>[1], origin: 'webhook' | 'follow' = 'webhook') => store.transaction((tx) => aplicarProdutos(tx, ps, { origin }));

    describe('transactions', () => {
      it('keeps nothing of a transaction that throws: products, sizes, log, positions, state, refresh queue, outbox, marks', async () => {
        const store = await kind.fresh();
        await store.transaction(async (tx) => {
          await tx.putProdutos([linha(produto('A', 10), 1)]);
          await tx.appendChanges([change('A')]);
          await tx.setState('x', { v: 1 });
          await tx.queueRefresh(['A']);
          await tx.outboxInsert({ key: 'k1', operation: 'pedidos.criar', body: { a: 1 } });
        });
        const before = await snapshot(store, ['A', 'B'], ['k1', 'k2']);
        await expect(
          store.transaction(async (tx) => {
            await tx.putProdutos([linha(produto('A', 20, { titulo: 'Novo', numeracoes: [{ numeracao: '40', skuVariacao: 'A-40', estoque: 1 }] }), 2), linha(produto('B', 10), 3)]);
            await tx.markSeen(['A'], 7);
            await tx.appendChanges([change('A', { kind: 'alterado' }), change('B')]);
            await tx.setState('x', { v: 2 });
            await tx.setState('y', 1);
            await tx.refreshed(['A']);
            await tx.queueRefresh(['B']);
            await tx.outboxUpdate('k1', { status: 'done', response: { id: 1 }, attempts: 1 });
            await tx.outboxInsert({ key: 'k2', operation: 'pedidos.criar', body: {} });
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await snapshot(store, ['A', 'B'], ['k1', 'k2'])).toEqual(before);
        expect(await store.state('y')).toBeUndefined();
        expect(await store.variacao('A-40')).toBeUndefined();
        expect((await store.produto('A'))!.seenGeneration).toBe(0);
      });

      it('returns what the function returns, and keeps every write of a transaction that ends normally', async () => {
        const store = await kind.fresh();
        const result = await store.transaction(async (tx) => {
          await tx.putProdutos([linha(produto('A', 10), 1)]);
          await tx.setState('x', 'sim');
          return 'feito';
        });
        expect(result).toBe('feito');
        expect((await store.produto('A'))!.produto.sku).toBe('A');
        expect(await store.state('x')).toBe('sim');
      });

      it('runs writes one at a time: concurrent read-modify-write transactions lose no update and never interleave', async () => {
        const store = await kind.fresh();
        const log: string[] = [];
        await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            store.transaction(async (tx) => {
              log.push(`start ${i}`);
              const n = (await tx.state<number>('n')) ?? 0;
              // A macrotask between read and write: room for another transaction to slip in, were it allowed.
              await new Promise<void>((r) => setImmediate(r));
              await tx.setState('n', n + 1);
              log.push(`end ${i}`);
            }),
          ),
        );
        expect(await store.state('n')).toBe(5);
        // Each start is followed by its own end: no transaction began while another was open.
        const starts = log.filter((l) => l.startsWith('start'));
        expect(starts).toHaveLength(5);
        expect(log).toEqual(starts.flatMap((s) => [s, s.replace('start', 'end')]));
      });

      it('lets no read see a write before its transaction commits (a read issued mid-transaction never sees what is rolled back)', async () => {
        const store = await kind.fresh();
        const inside = gate();
        const release = gate();
        const tx = store.transaction(async (t) => {
          await t.putProdutos([linha(produto('A', 10), 1)]);
          await t.appendChanges([change('A')]);
          await t.setState('x', 1);
          inside.open();
          await release.wait;
          throw new Error('rolled back');
        });
        await inside.wait;
        // Started while the transaction is open; a store may answer at once (MVCC) or after it ends.
        const reads = Promise.all([store.produto('A'), store.variacao('A-38'), store.changes(0, 10), store.lastPosition(), store.state('x'), store.counts(), store.changedSince(0, 10)]);
        release.open();
        await expect(tx).rejects.toThrow('rolled back');
        const [p, v, changes, last, x, counts, since] = await reads;
        expect({ p, v, changes, last, x, produtos: counts.products, changesCount: counts.changes, since }).toEqual({
          p: undefined,
          v: undefined,
          changes: [],
          last: 0,
          x: undefined,
          produtos: 0,
          changesCount: 0,
          since: [],
        });
      });
    });

    describe('change feed', () => {
      it('hands out increasing positions in batch order, and reads them back in order, a page at a time', async () => {
        const store = await kind.fresh();
        const first = await store.transaction((tx) => tx.appendChanges([change('A'), change('B'), change('C')]));
        const second = await store.transaction((tx) => tx.appendChanges([change('D')]));
        const all = [...first, ...second];
        expect([...all].sort((a, b) => a - b)).toEqual(all);
        expect(new Set(all).size).toBe(4);
        expect(await store.transaction((tx) => tx.appendChanges([]))).toEqual([]);
        expect((await store.changes(0, 100)).map((c) => [c.position, c.sku])).toEqual(all.map((p, i) => [p, 'ABCD'[i]]));
        expect((await store.changes(first[0]!, 2)).map((c) => c.sku)).toEqual(['B', 'C']);
        expect(await store.changes(second[0]!, 10)).toEqual([]);
        expect(await store.lastPosition()).toBe(second[0]);
        const [d] = await store.changes(first[2]!, 1);
        expect(d).toMatchObject({ sku: 'D', kind: 'criado', fields: ['titulo'], before: null, after: produto('D', 1), origin: 'webhook', evento: null });
        expect(Number.isNaN(Date.parse(d!.recordedAt))).toBe(false);
      });

      it('never hands out a position twice: one drawn in a rolled-back transaction is skipped, as a SQL sequence does', async () => {
        const store = await kind.fresh();
        const [kept] = await store.transaction((tx) => tx.appendChanges([change('A')]));
        let lost = 0;
        await expect(
          store.transaction(async (tx) => {
            lost = (await tx.appendChanges([change('B')]))[0]!;
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        const [next] = await store.transaction((tx) => tx.appendChanges([change('C')]));
        expect(lost).toBeGreaterThan(kept!);
        expect(next).toBeGreaterThan(lost);
        expect(await store.lastPosition()).toBe(next);
        expect((await store.changes(0, 10)).map((c) => [c.position, c.sku])).toEqual([
          [kept, 'A'],
          [next, 'C'],
        ]);
      });

      it('lists products changed after a position, in position order', async () => {
        const store = await kind.fresh();
        await store.transaction((tx) => tx.putProdutos([linha(produto('A', 1), 5), linha(produto('B', 1), 2), linha(produto('C', 1), 9)]));
        expect((await store.changedSince(0, 10)).map((p) => p.produto.sku)).toEqual(['B', 'A', 'C']);
        expect((await store.changedSince(2, 1)).map((p) => p.produto.sku)).toEqual(['A']);
      });
    });

    describe('products, sizes and scans', () => {
      it('pages every product in code point order (the C collation), accents, full-width letters and emoji included', async () => {
        const store = await kind.fresh();
        const skus = ['b', 'B', 'a', 'é', '\uff21', '😀', 'Z-1', 'Z-10', 'Z-2'];
        await store.transaction((tx) => tx.putProdutos(skus.map((s, i) => linha(produto(s, 1), i + 1))));
        const order = ['B', 'Z-1', 'Z-10', 'Z-2', 'a', 'b', 'é', '\uff21', '😀'];
        const paged: string[] = [];
        for (let after: string | null = null; ;) {
          const page = await store.produtos(after, 2);
          if (page.length === 0) break;
          paged.push(...page.map((p) => p.produto.sku));
          after = page.at(-1)!.produto.sku;
        }
        expect(paged).toEqual(order);
        const unseen = await store.transaction((tx) => tx.unseen(1, Number.MAX_SAFE_INTEGER, 100));
        expect(unseen.map((p) => p.produto.sku)).toEqual(order);
      });

      it('stores one row per sku: a sku twice in one batch keeps its later state and sizes', async () => {
        const store = await kind.fresh();
        await store.transaction((tx) =>
          tx.putProdutos([linha(produto('A', 1, { titulo: 'primeiro' }), 1), linha(produto('A', 2, { titulo: 'segundo', numeracoes: [{ numeracao: '40', skuVariacao: 'A-40', estoque: 3 }] }), 2)]),
        );
        expect((await store.produto('A'))!.produto.titulo).toBe('segundo');
        expect(await store.variacao('A-40')).toEqual({ sku: 'A', numeracao: '40', estoque: 3 });
        expect(await store.variacao('A-38')).toBeUndefined();
        expect(await store.counts()).toMatchObject({ products: 1, variants: 1 });
      });

      it('keeps a size with the product that listed it last, when the product it came from is written again without it', async () => {
        const store = await kind.fresh();
        const shared = { numeracao: '38', skuVariacao: 'S-38', estoque: 1 };
        await store.transaction((tx) => tx.putProdutos([linha(produto('X', 1, { numeracoes: [shared] }), 1)]));
        await store.transaction((tx) => tx.putProdutos([linha(produto('Y', 1, { numeracoes: [{ ...shared, estoque: 7 }] }), 2)]));
        expect(await store.variacao('S-38')).toEqual({ sku: 'Y', numeracao: '38', estoque: 7 });
        await store.transaction((tx) => tx.putProdutos([linha(produto('X', 2, { numeracoes: [] }), 3)]));
        expect(await store.variacao('S-38')).toEqual({ sku: 'Y', numeracao: '38', estoque: 7 });
      });

      it('only raises a scan generation: a late mark of an older scan leaves the newer one', async () => {
        const store = await kind.fresh();
        await store.transaction((tx) => tx.putProdutos([linha(produto('A', 1), 1), linha(produto('B', 1), 2)]));
        await store.transaction((tx) => tx.markSeen(['A', 'missing'], 3));
        await store.transaction((tx) => tx.markSeen(['A', 'B'], 2));
        expect((await store.produto('A'))!.seenGeneration).toBe(3);
        expect((await store.produto('B'))!.seenGeneration).toBe(2);
      });

      it('keeps the quarantine fields of a row (naoVistoDesde, seenGeneration) and lists unseen rows by time, ceiling and mark', async () => {
        const store = await kind.fresh();
        const t = (s: number) => Date.parse(produto('x', s).atualizadoEm);
        await store.transaction((tx) =>
          tx.putProdutos([
            linha(produto('old', 10), 1),
            linha(produto('new', 100), 2),
            linha(produto('ahead', 1000), 3),
            linha(produto('gone', 10), 4, { naoVistoDesde: '2026-11-01T12:00:00.000Z' }),
            linha(produto('seen', 10), 5, { seenGeneration: 2 }),
          ]),
        );
        expect(await store.produto('gone')).toEqual(linha(produto('gone', 10), 4, { naoVistoDesde: '2026-11-01T12:00:00.000Z' }));
        expect((await store.transaction((tx) => tx.unseen(2, t(50), 10))).map((p) => p.produto.sku)).toEqual(['old']);
        expect((await store.transaction((tx) => tx.unseen(2, t(50), 10, t(500)))).map((p) => p.produto.sku)).toEqual(['ahead', 'old']);
        expect((await store.transaction((tx) => tx.unseen(3, t(50), 10))).map((p) => p.produto.sku)).toEqual(['old', 'seen']);
        expect(await store.transaction((tx) => tx.unseen(2, t(50), 0))).toEqual([]);
        expect(await store.counts()).toMatchObject({ products: 5, active: 4, inactive: 0, missing: 1 });
      });

      it('keeps the quarantine saved in the state, written and cleared by the apply step', async () => {
        const store = await kind.fresh();
        const entry = { sku: 'Q\u00e9', field: 'numeracoes[0].estoque', reason: 'too big', origin: 'follow' as const, atualizadoEm: '2026-11-01T12:00:00Z' };
        await store.transaction((tx) => updateQuarantine(tx, [entry], []));
        const saved = await store.state<Quarantine>(QUARANTINE_KEY);
        expect(saved).toEqual({ 'Q\u00e9': { ...entry, at: saved!['Q\u00e9']!.at } });
        await store.transaction((tx) => updateQuarantine(tx, [], ['Q\u00e9']));
        expect(await store.state(QUARANTINE_KEY)).toEqual({});
      });

      it('counts products by kind, sizes, changes and pending outbox rows', async () => {
        const store = await kind.fresh();
        await store.transaction(async (tx) => {
          await tx.putProdutos([linha(produto('A', 1), 1), linha(produto('B', 1, { ativo: false }), 2), linha(produto('C', 1), 3, { naoVistoDesde: '2026-11-01T12:00:00Z' })]);
          await tx.appendChanges([change('A'), change('B')]);
          await tx.outboxInsert({ key: 'p', operation: 'pedidos.criar', body: {} });
          await tx.outboxInsert({ key: 'd', operation: 'pedidos.criar', body: {} });
          await tx.outboxUpdate('d', { status: 'done', response: {} });
        });
        expect(await store.counts()).toEqual({ products: 3, active: 1, inactive: 1, missing: 1, variants: 6, changes: 2, outboxPending: 1 });
      });
    });

    describe('state, consumers and the refresh queue', () => {
      it('saves state by key, overwrites it, and hands values back as JSON (as jsonb does)', async () => {
        const store = await kind.fresh();
        await store.transaction(async (tx) => {
          await tx.setState('chave 🔑 é', { d: new Date(0), u: undefined, list: [1, 'dois', null], n: 2 ** 53 - 1 });
          await tx.setState('x', 1);
          await tx.setState('x', 'dois');
          expect(await tx.state('x')).toBe('dois');
        });
        expect(await store.state('chave 🔑 é')).toStrictEqual({ d: '1970-01-01T00:00:00.000Z', list: [1, 'dois', null], n: 2 ** 53 - 1 });
        expect(await store.state('x')).toBe('dois');
        expect(await store.state('nada')).toBeUndefined();
      });

      it('hands out copies: changing what a read returned changes nothing stored', async () => {
        const store = await kind.fresh();
        await store.transaction(async (tx) => {
          await tx.putProdutos([linha(produto('A', 1), 1)]);
          await tx.setState('x', { v: [1] });
        });
        (await store.produto('A'))!.produto.titulo = 'mexido';
        (await store.state<{ v: number[] }>('x'))!.v.push(2);
        expect((await store.produto('A'))!.produto.titulo).toBe('Tênis A');
        expect(await store.state('x')).toEqual({ v: [1] });
      });

      it('saves consumer positions by name (0 for a new one), the largest exact integer included', async () => {
        const store = await kind.fresh();
        await store.saveConsumerPosition('loja', 1);
        await store.saveConsumerPosition('loja', 4);
        await store.saveConsumerPosition('ℓoja 2', Number.MAX_SAFE_INTEGER);
        expect(await store.consumerPosition('loja')).toBe(4);
        expect(await store.consumerPosition('ℓoja 2')).toBe(Number.MAX_SAFE_INTEGER);
        expect(await store.consumerPosition('outro')).toBe(0);
      });

      it('queues skus for a refresh once each, in queueing order, those of one transaction by sku; removes them when refreshed', async () => {
        const store = await kind.fresh();
        await store.transaction((tx) => tx.queueRefresh(['B', 'A']));
        await store.transaction((tx) => tx.queueRefresh(['C', 'A']));
        // A re-queued sku keeps its first place; C came in a later transaction (or one of the same instant: by sku).
        expect(await store.transaction((tx) => tx.refreshQueue(10))).toEqual(['A', 'B', 'C']);
        expect(await store.transaction((tx) => tx.refreshQueue(1))).toEqual(['A']);
        await store.transaction((tx) => tx.refreshed(['A', 'nada']));
        expect((await store.transaction((tx) => tx.refreshQueue(10))).sort()).toEqual(['B', 'C']);
      });
    });

    describe('run locks', () => {
      it('runs one holder of a name at a time, lets another name run meanwhile, and frees a name whose run threw', async () => {
        const store = await kind.fresh();
        const log: string[] = [];
        const held = gate();
        const hold = gate();
        const first = store.exclusive('follow', async () => {
          log.push('first in');
          held.open();
          await hold.wait;
          log.push('first out');
        });
        await held.wait;
        const second = store.exclusive('follow', async () => void log.push('second in'));
        // Another name is not blocked by the held one: awaited while 'follow' is still held.
        await store.exclusive('backfill', async () => void log.push('other name'));
        hold.open();
        await Promise.all([first, second]);
        expect(log).toEqual(['first in', 'other name', 'first out', 'second in']);
        await expect(store.exclusive('follow', async () => Promise.reject(new Error('run failed')))).rejects.toThrow('run failed');
        expect(await store.exclusive('follow', async () => 'free again')).toBe('free again');
      });
    });

    describe('outbox', () => {
      it('inserts a key once, and lists pending keys by creation then key (one transaction: by key), a page at a time', async () => {
        const store = await kind.fresh();
        expect(await store.transaction((tx) => tx.outboxInsert({ key: 'k1', operation: 'pedidos.criar', body: { a: 1 } }))).toBe(true);
        expect(await store.transaction((tx) => tx.outboxInsert({ key: 'k1', operation: 'etiquetas.emitir', body: { a: 2 } }))).toBe(false);
        await store.transaction(async (tx) => {
          for (const key of ['k4', 'k2', 'k3']) await tx.outboxInsert({ key, operation: 'pedidos.criar', body: '{"a":1}' });
        });
        await store.transaction((tx) => tx.outboxUpdate('k3', { status: 'failed', error: { message: 'no' } }));
        const row = await store.transaction((tx) => tx.outboxRow('k1'));
        expect(row).toMatchObject({ key: 'k1', operation: 'pedidos.criar', body: { a: 1 }, status: 'pending', response: null, error: null, attempts: 0 });
        expect(Number.isNaN(Date.parse(row!.createdAt))).toBe(false);
        // A body that is a JSON string comes back as that string, not as what the string spells.
        expect((await store.transaction((tx) => tx.outboxRow('k2')))!.body).toBe('{"a":1}');
        expect(await store.transaction((tx) => tx.outboxPending(10))).toEqual(['k1', 'k2', 'k4']);
        expect(await store.transaction((tx) => tx.outboxPending(1, 'k1'))).toEqual(['k2']);
        // The cursor may be a row no longer pending: paging goes on after its place.
        expect(await store.transaction((tx) => tx.outboxPending(10, 'k3'))).toEqual(['k4']);
        expect(await store.transaction((tx) => tx.outboxPending(10, 'nada'))).toEqual([]);
        expect(await store.transaction((tx) => tx.outboxRow('nada'))).toBeUndefined();
      });

      it('records an update field by field: status kept when not given, response and error set (null clears)', async () => {
        const store = await kind.fresh();
        await store.transaction(async (tx) => {
          await tx.outboxInsert({ key: 'k', operation: 'pedidos.criar', body: {} });
          await tx.outboxUpdate('k', { error: { message: 'timeout' }, attempts: 1 });
          await tx.outboxUpdate('nada', { status: 'done' });
        });
        expect(await store.transaction((tx) => tx.outboxRow('k'))).toMatchObject({ status: 'pending', error: { message: 'timeout' }, attempts: 1, response: null });
        await store.transaction((tx) => tx.outboxUpdate('k', { status: 'done', response: 'pedido p1', error: null, attempts: 2 }));
        expect(await store.transaction((tx) => tx.outboxRow('k'))).toMatchObject({ status: 'done', error: null, attempts: 2, response: 'pedido p1' });
      });

      it('claims an outbox row once while its call is in flight, and records the answer', async () => {
        const store = await kind.fresh();
        await store.transaction((tx) => tx.outboxInsert({ key: 'k1', operation: 'pedidos.criar', body: { a: 1 } }));
        const release = gate();
        const inFlight = gate();
        let sends = 0;
        const first = store.outboxClaim('k1', async () => {
          sends++;
          inFlight.open();
          await release.wait;
          return { status: 'done', response: { id: 'p1' } };
        });
        // The first claim holds the row (its call is "in flight") when the second tries.
        await inFlight.wait;
        const second = await store.outboxClaim('k1', async () => {
          sends++;
          return { status: 'done', response: { id: 'p2' } };
        });
        expect(second).toBeUndefined();
        release.open();
        expect(await first).toMatchObject({ key: 'k1', status: 'done', response: { id: 'p1' }, attempts: 1, body: { a: 1 } });
        expect(sends).toBe(1);
        expect(await store.transaction((tx) => tx.outboxPending(10))).toEqual([]);
      });

      it('while one row is claimed, claims another row, writes and reads: a claim holds its row, nothing else', async () => {
        const store = await kind.fresh();
        await store.transaction(async (tx) => {
          await tx.outboxInsert({ key: 'k1', operation: 'pedidos.criar', body: {} });
          await tx.outboxInsert({ key: 'k2', operation: 'pedidos.criar', body: {} });
        });
        const release = gate();
        const inFlight = gate();
        const first = store.outboxClaim('k1', async () => {
          inFlight.open();
          await release.wait;
          return { status: 'done', response: 1 };
        });
        await inFlight.wait;
        expect(await store.outboxClaim('k2', async () => ({ status: 'done', response: 2 }))).toMatchObject({ key: 'k2', status: 'done', response: 2 });
        await store.transaction((tx) => tx.setState('x', 1));
        expect(await store.state('x')).toBe(1);
        expect(await store.transaction((tx) => tx.outboxPending(10))).toEqual(['k1']);
        release.open();
        expect(await first).toMatchObject({ key: 'k1', status: 'done', response: 1 });
      });

      it('records each outcome of a claim: done, failed (attempts counted only when sent), pending (one more attempt); a settled row is returned unsent', async () => {
        const store = await kind.fresh();
        await store.transaction(async (tx) => {
          for (const key of ['pend', 'fail', 'refused']) await tx.outboxInsert({ key, operation: 'pedidos.criar', body: {} });
        });
        let sends = 0;
        const send = (outcome: Parameters<MirrorStore['outboxClaim']>[1] extends (row: OutboxRow) => Promise<infer O> ? O : never) => async () => {
          sends++;
          return outcome;
        };
        expect(await store.outboxClaim('pend', send({ status: 'pending', error: { message: 'timeout' } }))).toMatchObject({ status: 'pending', attempts: 1, error: { message: 'timeout' } });
        expect(await store.outboxClaim('pend', send({ status: 'pending', error: { message: 'again' } }))).toMatchObject({ status: 'pending', attempts: 2, error: { message: 'again' } });
        expect(await store.outboxClaim('fail', send({ status: 'failed', error: { status: 422 } }))).toMatchObject({ status: 'failed', attempts: 1, error: { status: 422 } });
        expect(await store.outboxClaim('refused', send({ status: 'failed', error: { message: 'bad body' }, sent: false }))).toMatchObject({ status: 'failed', attempts: 0 });
        expect(sends).toBe(4);
        expect(await store.outboxClaim('fail', send({ status: 'done', response: {} }))).toMatchObject({ status: 'failed', attempts: 1 });
        expect(await store.outboxClaim('nada', send({ status: 'done', response: {} }))).toBeUndefined();
        expect(sends).toBe(4);
      });
    });

    describe('values at the limits', () => {
      it('keeps long text, any unicode, and stock and times at the edges of their columns as given', async () => {
        const store = await kind.fresh();
        const long = 'á🥿'.repeat(50_000);
        const p = produto('SKU-é-👟-\u4e2d', '9999-12-31T23:59:59.999Z', {
          titulo: long,
          tags: ['\u202e', 'tab\there', 'quote"\\', '\ud83d\ude00'],
          numeracoes: [
            { numeracao: '37½', skuVariacao: 'máx-👟', estoque: 2 ** 31 - 1 },
            { numeracao: '38', skuVariacao: 'mín', estoque: -(2 ** 31) },
          ],
        });
        const row = linha(p, Number.MAX_SAFE_INTEGER, { seenGeneration: Number.MAX_SAFE_INTEGER });
        await store.transaction(async (tx) => {
          await tx.putProdutos([row]);
          await tx.appendChanges([change(p.sku, { after: p, fields: [long] })]);
          await tx.outboxInsert({ key: long.slice(0, 300), operation: 'pedidos.criar', body: { texto: long, n: 1e300 } });
        });
        expect(await store.produto(p.sku)).toEqual(row);
        expect(await store.variacao('máx-👟')).toEqual({ sku: p.sku, numeracao: '37½', estoque: 2 ** 31 - 1 });
        expect(await store.variacao('mín')).toEqual({ sku: p.sku, numeracao: '38', estoque: -(2 ** 31) });
        expect((await store.changes(0, 1))[0]).toMatchObject({ sku: p.sku, after: p, fields: [long] });
        expect((await store.transaction((tx) => tx.outboxRow(long.slice(0, 300))))!.body).toEqual({ texto: long, n: 1e300 });
      });
    });

    describe('through the apply step', () => {
      it('applies a newer state, ignores an older one and an equal one, and logs each applied change once', async () => {
        const store = await kind.fresh();
        await apply(store, [produto('A', 10)]);
        await apply(store, [produto('A', 20, { titulo: 'Novo' })]);
        const late = await apply(store, [produto('A', 15, { titulo: 'Velho' })]);
        const dup = await apply(store, [produto('A', 20, { titulo: 'Novo' })]);
        expect(late.decisoes[0]).toEqual({ comparacao: 'mais-antigo', aplicar: false, reler: false });
        expect(dup.decisoes[0]).toEqual({ comparacao: 'igual', aplicar: false, reler: false });
        expect((await store.produto('A'))!.produto.titulo).toBe('Novo');
        const log = await store.changes(0, 100);
        expect(log.map((c) => [c.position, c.kind, c.fields])).toEqual([
          [1, 'criado', ['ativo', 'categorias', 'estilos', 'imagem', 'numeracoes', 'precoAtacado', 'precoAtual', 'precoSugerido', 'sku', 'tags', 'titulo']],
          [2, 'alterado', ['titulo']],
        ]);
        expect(log[1]!.before!.titulo).toBe('Tênis A');
        expect(log[1]!.after!.titulo).toBe('Novo');
      });

      it('on a tie (same atualizadoEm, other content) applies the notice and queues the sku to be read again; the API answer settles it', async () => {
        const store = await kind.fresh();
        await apply(store, [produto('A', 10)]);
        const tie = await apply(store, [produto('A', 10, { precoAtacado: '90.00' })]);
        expect(tie.decisoes[0]).toEqual({ comparacao: 'empate', aplicar: true, reler: true });
        expect((await store.produto('A'))!.produto.precoAtacado).toBe('90.00');
        expect(await store.transaction((tx) => tx.refreshQueue(10))).toEqual(['A']);
        // The server's state was the first one after all: the answer wins, and the queue empties.
        const settled = await apply(store, [produto('A', 10)], 'follow');
        expect(settled.decisoes[0]).toEqual({ comparacao: 'empate', aplicar: true, reler: false });
        expect(await store.transaction((tx) => tx.refreshQueue(10))).toEqual([]);
        expect((await store.produto('A'))!.produto.precoAtacado).toBe('100.00');
      });

      it('keeps stock by skuVariacao in step with the product, sizes removed included', async () => {
        const store = await kind.fresh();
        await apply(store, [produto('A', 10)]);
        expect(await store.variacao('A-38')).toEqual({ sku: 'A', numeracao: '38', estoque: 5 });
        await apply(store, [produto('A', 11, { numeracoes: [{ numeracao: '38', skuVariacao: 'A-38', estoque: 2 }] })]);
        expect(await store.variacao('A-38')).toEqual({ sku: 'A', numeracao: '38', estoque: 2 });
        expect(await store.variacao('A-39')).toBeUndefined();
        expect((await store.counts()).variants).toBe(1);
      });

      it('applies a batch in order, an older state of the same sku later in the batch included', async () => {
        const store = await kind.fresh();
        const r = await apply(store, [produto('A', 10), produto('B', 10), produto('A', 12, { titulo: 'x' }), produto('A', 11, { titulo: 'y' })]);
        expect(r.decisoes.map((d) => d.aplicar)).toEqual([true, true, true, false]);
        expect((await store.produto('A'))!.produto.titulo).toBe('x');
        expect((await store.produto('A'))!.position).toBe(3);
        expect((await store.changedSince(1, 10)).map((p) => p.produto.sku)).toEqual(['B', 'A']);
      });

      it('marks seen by scan generation and lists the unseen ones changed before a moment', async () => {
        const store = await kind.fresh();
        await store.transaction((tx) => aplicarProdutos(tx, [produto('A', 10), produto('B', 10), produto('C', 100)], { origin: 'backfill', geracao: 1 }));
        await store.transaction((tx) => tx.markSeen(['A'], 2));
        const unseen = await store.transaction((tx) => tx.unseen(2, Date.parse(produto('x', 50).atualizadoEm), 10));
        expect(unseen.map((p) => p.produto.sku)).toEqual(['B']);
      });
    });
  });
}
