import type { DeadLetter } from '../../webhooks/dead-letters.js';
import type { MirrorDeadLetterTable } from './types.js';

/** Byte order of UTF-8 text is code point order: what the SQL tables (C collation, SQLite) list by. */
const byCodePoint = (a: string, b: string): number => {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
};

/** @internal The memory store's dead-letter table: the SQL table's behaviour, in a map. */
export function memoryDeadLetterTable(): MirrorDeadLetterTable {
  const rows = new Map<string, DeadLetter>();
  const oldestFirst = () => [...rows.values()].sort((a, b) => a.lastFailedAt - b.lastFailedAt || byCodePoint(a.id, b.id));
  return {
    record: async (failure, maxEntries, cutoffMs) => {
      const old = rows.get(failure.id);
      rows.set(failure.id, {
        id: failure.id,
        evento: failure.evento,
        ...(failure.item === undefined ? {} : { item: failure.item }),
        body: failure.body,
        error: { ...failure.error },
        attempts: (old?.attempts ?? 0) + 1,
        firstFailedAt: old?.firstFailedAt ?? Math.floor(failure.failedAt),
        lastFailedAt: Math.floor(failure.failedAt),
      });
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
