import { NamedMutex } from './mutex.js';
import type { OutboxOutcome, OutboxRow, OutboxStore } from './types.js';

/**
 * @internal The outbox claim for single-process stores (memory, PGlite): the row is read and its outcome
 * written in short transactions, and an in-process lock per key keeps two callers from sending the same
 * row at once (a single-process store has no other process to race with).
 */
export function inProcessOutboxClaim(store: Pick<OutboxStore, 'transaction'>): OutboxStore['outboxClaim'] {
  const busy = new Set<string>();
  const names = new NamedMutex();
  return async (key, send) => {
    if (busy.has(key)) return undefined;
    busy.add(key);
    try {
      return await names.run(key, async () => {
        const row = await store.transaction((tx) => tx.outboxRow(key));
        if (!row || row.status !== 'pending') return row;
        const outcome = await send(row);
        return store.transaction(async (tx) => {
          await tx.outboxUpdate(key, changeFor(row, outcome));
          return tx.outboxRow(key);
        });
      });
    } finally {
      busy.delete(key);
    }
  };
}

/** @internal The row update an outcome makes. */
export function changeFor(row: OutboxRow, outcome: OutboxOutcome): Partial<Pick<OutboxRow, 'status' | 'response' | 'error' | 'attempts'>> {
  const attempts = row.attempts + 1;
  if (outcome.status === 'done') return { status: 'done', response: outcome.response, error: null, attempts };
  if (outcome.status === 'failed') return { status: 'failed', error: outcome.error, attempts: outcome.sent === false ? row.attempts : attempts };
  return { error: outcome.error, attempts };
}
