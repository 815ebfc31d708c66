import type { DedupeStore } from './dedupe.js';
import { dedupeKeys } from './dedupe-keys.js';
import { DedupeStoreError, type RunOnce } from './run-once.js';

/** @internal How one lote's items are run; the lote itself already holds its own dedupe (or reservation). */
export interface LoteRun {
  readonly loteId: string;
  /** Each item's work, in order; `undefined` for an item without a handler. */
  readonly items: readonly ((() => Promise<void>) | undefined)[];
  readonly store: DedupeStore | undefined;
  readonly runOnce: RunOnce | undefined;
  readonly ttlMs: number;
  readonly onRecordFailed: (error: unknown) => void;
}

/**
 * @internal Runs a lote's items in order, resuming after the items a previous delivery handled. With
 * a store that keeps progress records, one record per lote says how many items are done (so a lote's
 * progress survives its own size); otherwise each item is deduplicated under its own key. Returns
 * `in-flight` when another process holds an item.
 */
export async function runLoteItems(run: LoteRun): Promise<'done' | 'in-flight'> {
  const { store, loteId } = run;
  const progress = store?.getProgress && store.setProgress ? store : undefined;
  const key = dedupeKeys.lote(loteId);
  let start = 0;
  if (progress) {
    try {
      start = (await progress.getProgress!(key)) ?? 0;
    } catch (err) {
      throw new DedupeStoreError(`the dedupe store failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }
  for (let index = start; index < run.items.length; index++) {
    const work = run.items[index];
    if (work) {
      if (progress || !run.runOnce) await work();
      else if ((await run.runOnce(dedupeKeys.loteItem(loteId, index), work, run.onRecordFailed)) === 'in-flight') return 'in-flight';
    }
    // A failed record only means a redelivery repeats items: handlers are idempotent, nothing is lost.
    if (progress) await Promise.resolve(progress.setProgress!(key, index + 1, run.ttlMs)).catch(run.onRecordFailed);
  }
  return 'done';
}
