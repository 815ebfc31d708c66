import { mergeFailure, type DeadLetter } from '../../webhooks/dead-letters.js';
import type { MirrorDeadLetterTable } from './types.js';
import { byCodePoint } from './code-point-order.js';

/** @internal The memory store's dead-letter table: the SQL table's behaviour, in a map. */
export function memoryDeadLetterTable(): MirrorDeadLetterTable {
  const rows = new Map<string, DeadLetter>();
  const oldestFirst = () => [...rows.values()].sort((a, b) => a.lastFailedAt - b.lastFailedAt || byCodePoint(a.id, b.id));
  return {
    record: async (failure, maxEntries, cutoffMs) => {
      const old = rows.get(failure.id);
      // Whole milliseconds, as the SQL tables keep them.
      rows.set(failure.id, mergeFailure(old, { ...failure, failedAt: Math.floor(failure.failedAt) }));
      for (const row of rows.values()) if (row.lastFailedAt < cutoffMs && row.id !== failure.id) rows.delete(row.id);
      const dropped = oldestFirst().slice(0, Math.max(0, rows.size - maxEntries));
      for (const row of dropped) rows.delete(row.id);
      return dropped.map(({ id, evento }) => ({ id, evento }));
    },
    list: async (after, limit) =>
      [...rows.values()]
        .filter((row) => after === undefined || byCodePoint(row.id, after) > 0)
        .sort((a, b) => byCodePoint(a.id, b.id))
        .slice(0, limit)
        .map((row) => ({ ...row, error: { ...row.error } })),
    remove: async (id) => void rows.delete(id),
    prune: async (cutoffMs) => {
      let n = 0;
      for (const row of rows.values()) if (row.lastFailedAt < cutoffMs && rows.delete(row.id)) n++;
      return n;
    },
  };
}
