import type { MirrorStore } from '../store/types.js';
import { COMPACTED_THROUGH_KEY, LAST_PRUNE_KEY } from '../store/retention-keys.js';
import type { PruneResult, ResolvedRetention } from './retention.js';

/** Rows removed per transaction: short transactions, so writers and readers wait little. */
const BATCH = 1000;

/** A time as the stores write theirs (ISO 8601 with microseconds), so text comparison in SQLite orders it right. */
const isoMicros = (ms: number): string => `${new Date(ms).toISOString().slice(0, -1)}000Z`;

/**
 * @internal Compacts the change log (the catalog part) and removes settled outbox rows (the outbox part) past their windows, as of `now`
 * (epoch ms). Each batch of removals commits with the raised `retention.compactedThrough`, so no
 * reader ever sees a change removed without the mark that says so.
 */
export async function prune(store: MirrorStore, retention: ResolvedRetention, now: number, signal?: AbortSignal): Promise<PruneResult> {
  let changesRemoved = 0;
  if (retention.changesMs !== false) {
    const cutoff = isoMicros(now - retention.changesMs);
    const through = await store.transaction((tx) => tx.lastChangeBefore(cutoff));
    for (let after = 0; through > 0;) {
      const batch = await store.transaction(async (tx) => {
        const removed = await tx.compactChanges(after, through, BATCH);
        if (removed.last > ((await tx.state<number>(COMPACTED_THROUGH_KEY)) ?? 0)) await tx.setState(COMPACTED_THROUGH_KEY, removed.last);
        return removed;
      });
      changesRemoved += batch.removed;
      if (batch.removed < BATCH || signal?.aborted) break;
      after = batch.last;
    }
  }
  let outboxRemoved = 0;
  if (retention.outboxMs !== false && !signal?.aborted) {
    const before = isoMicros(now - retention.outboxMs);
    for (;;) {
      const removed = await store.transaction((tx) => tx.pruneOutbox(before, BATCH));
      outboxRemoved += removed;
      if (removed < BATCH || signal?.aborted) break;
    }
  }
  // Stopped between batches (each one whole, with its mark), it is not recorded: the next loop prunes again.
  if (!signal?.aborted) await store.transaction((tx) => tx.setState(LAST_PRUNE_KEY, now));
  return { changesRemoved, outboxRemoved, compactedThrough: await store.compactedThrough() };
}

/** @internal Whether a day has passed since the last prune (or none ran), by the mirror's clock. */
export async function pruneDue(store: MirrorStore, now: number): Promise<boolean> {
  const last = await store.state<number>(LAST_PRUNE_KEY);
  // A clock set back runs it once more rather than never until the clock catches up.
  return typeof last !== 'number' || now - last >= 86_400_000 || now < last;
}

/**
 * @internal {@link prune} under the follow run lock, so it never runs beside a follow of any process
 * sharing the store. With `whenDue` (the `start()` loop), only once a day, checked again under the lock
 * (another process may have pruned meanwhile), and never when both windows keep forever; `signal`
 * (the loop's stop) ends it between two batches.
 */
export async function pruneExclusive(store: MirrorStore, retention: ResolvedRetention, whenDue: boolean, signal?: AbortSignal): Promise<PruneResult | undefined> {
  if (whenDue && retention.changesMs === false && retention.outboxMs === false) return undefined;
  if (whenDue && !(await pruneDue(store, Date.now()))) return undefined;
  return store.exclusive('follow', async () => (whenDue && !(await pruneDue(store, Date.now())) ? undefined : prune(store, retention, Date.now(), signal)));
}
