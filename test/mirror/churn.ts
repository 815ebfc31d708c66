/**
 * A catalog's daily churn in simulated time, for the retention tests: `products` created on day 0,
 * then each day `rate` of them changed (a rotation through the catalog), optionally followed by a
 * prune. The clock is a fake `Date` the caller installed; the Postgres engines stamp rows with the
 * database's `now()`, so their rows are stamped again at the simulated time ({@link stampedAt}).
 */
import { vi } from 'vitest';
import { aplicarProdutos } from '../../src/mirror/apply/apply-product.js';
import type { Mirror, MirrorStore } from '../../src/mirror/index.js';
import { produto } from './fixtures.js';
import type { StoreKind } from './stores.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Rows stamped by the database's own clock since the simulated `at` (later, in real time) take `at`. */
export async function stampedAt(kind: StoreKind, at: number): Promise<void> {
  const iso = new Date(at).toISOString();
  await kind.sql?.('UPDATE pc_mirror_changes SET recorded_at = $1 WHERE recorded_at > $1', [iso]);
  await kind.sql?.('UPDATE pc_mirror_outbox SET settled_at = $1 WHERE settled_at > $1', [iso]);
  await kind.sql?.('UPDATE pc_mirror_outbox SET created_at = $1 WHERE created_at > $1', [iso]);
}

export interface ChurnOptions {
  kind: StoreKind;
  store: MirrorStore;
  /** Pruned an hour after each day's changes when given. */
  mirror?: Mirror | undefined;
  products: number;
  /** Share of the catalog changed each day (0.01: 1%). */
  rate: number;
  days: number;
  /** Day 0, epoch ms (in the past: a database's real clock is later). */
  start: number;
}

/** Runs the churn; @returns the product rows and change-log rows at the end, and the most the log held. */
export async function churn(o: ChurnOptions): Promise<{ products: number; changes: number; peak: number }> {
  const skus = Array.from({ length: o.products }, (_, i) => `SKU-${String(i).padStart(6, '0')}`);
  const write = async (at: number, batch: string[], version: number) => {
    vi.setSystemTime(at);
    for (let i = 0; i < batch.length; i += 500) {
      const states = batch.slice(i, i + 500).map((sku) => produto(sku, new Date(at).toISOString(), { titulo: `Tênis ${sku} v${version}` }));
      await o.store.transaction((tx) => aplicarProdutos(tx, states, { origin: 'follow' }));
    }
    await stampedAt(o.kind, at);
  };
  await write(o.start + HOUR, skus, 0);
  const perDay = Math.round(o.products * o.rate);
  let peak = 0;
  for (let day = 1; day <= o.days; day++) {
    const changed = Array.from({ length: perDay }, (_, i) => skus[((day - 1) * perDay + i) % o.products]!);
    await write(o.start + day * DAY + HOUR, changed, day);
    peak = Math.max(peak, (await o.store.counts()).changes);
    if (o.mirror) {
      vi.setSystemTime(o.start + day * DAY + 2 * HOUR);
      await o.mirror.prune();
    }
  }
  const counts = await o.store.counts();
  return { products: counts.products, changes: counts.changes, peak };
}
