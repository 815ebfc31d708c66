/**
 * @internal Mirror state key: the highest change-log position retention has removed (absent: none).
 * Every change above it is intact; a reader whose position is below it may have missed some. Read by
 * the change feeds, written by compaction in the transaction of each removal.
 */
export const COMPACTED_THROUGH_KEY = 'retention.compactedThrough';

/** @internal Mirror state key: when `start()` last pruned (epoch ms, the mirror's clock). */
export const LAST_PRUNE_KEY = 'retention.lastPrune';
