/**
 * The hand-written memory store against SQLite in memory (`createSqliteStore()`, node:sqlite), the
 * engine it would become where node:sqlite exists (results: bench/README.md, "Mirror storage: one
 * schema"). Each part runs on a new store, median of BENCH_RUNS (default 7) after one warm-up:
 *
 * - open: open an empty store (a new in-memory database, migrated; every store test opens one or more);
 * - backfill: 5,000 products in pages of 100, each page one transaction through the mirror's own apply;
 * - apply: 1,000 updates, one product per transaction (a webhook each);
 * - outbox: 500 creation calls saved, then claimed and answered (`outboxClaim`);
 * - reads: 100 pages of 50 changes, then 1,000 products by sku.
 *
 * Run on Node 22.13+ (node:sqlite): npx tsx bench/mirror-store.ts
 */
import { createMemoryStore, createSqliteStore, type MirrorStore } from '../src/mirror/index.js';
import { aplicarProdutos } from '../src/mirror/apply/apply-product.js';
import { produto } from '../test/mirror/fixtures.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(make: () => MirrorStore, part: (store: MirrorStore) => Promise<void>, prepare?: (store: MirrorStore) => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const store = make();
    await store.open();
    await prepare?.(store);
    const t = performance.now();
    await part(store);
    const ms = performance.now() - t;
    await store.close();
    if (i > 0) times.push(ms);
  }
  return median(times);
}

const catalog = (n: number, at: number) => Array.from({ length: n }, (_, i) => produto(`SKU-${String(i).padStart(5, '0')}`, at));
const backfill = async (store: MirrorStore, n: number) => {
  const all = catalog(n, 1);
  for (let i = 0; i < all.length; i += 100) await store.transaction((tx) => aplicarProdutos(tx, all.slice(i, i + 100), { origin: 'backfill', geracao: 1 }));
};

const parts: Record<string, { part: (s: MirrorStore) => Promise<void>; prepare?: (s: MirrorStore) => Promise<void> }> = {
  // Closed and opened again: SQLite in memory then starts a new database and migrates it.
  open: {
    part: async (s) => {
      await s.close();
      await s.open();
    },
  },
  'backfill 5,000': { part: (s) => backfill(s, 5000) },
  'apply 1,000 (one a transaction)': {
    prepare: (s) => backfill(s, 1000),
    part: async (s) => {
      for (const p of catalog(1000, 2)) await s.transaction((tx) => aplicarProdutos(tx, [p], { origin: 'webhook', evento: 'produto.atualizado' }));
    },
  },
  'outbox 500 (save + claim)': {
    part: async (s) => {
      for (let i = 0; i < 500; i++) {
        const key = `k-${i}`;
        await s.transaction((tx) => tx.outboxInsert({ key, operation: 'pedidos.criar', body: { referenciaExterna: key } }));
        await s.outboxClaim(key, async () => ({ status: 'done', response: { id: i } }));
      }
    },
  },
  'reads (100 change pages, 1,000 products)': {
    prepare: (s) => backfill(s, 5000),
    part: async (s) => {
      for (let p = 0; p < 100; p++) await s.changes(p * 50, 50);
      for (let i = 0; i < 1000; i++) await s.produto(`SKU-${String(i).padStart(5, '0')}`);
    },
  },
};

const rows: string[] = [];
for (const [name, { part, prepare }] of Object.entries(parts)) {
  const memory = await timed(createMemoryStore, part, prepare);
  const sqlite = await timed(() => createSqliteStore(), part, prepare);
  rows.push(`| ${name} | ${memory.toFixed(1)} | ${sqlite.toFixed(1)} | ${(sqlite / memory).toFixed(2)}x |`);
}
console.log(`Node ${process.version}, median of ${RUNS} (ms)\n\n| part | memory | SQLite :memory: | SQLite / memory |\n|---|---:|---:|---:|\n${rows.join('\n')}`);
