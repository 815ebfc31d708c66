import type { DeadLetter } from '../../../webhooks/dead-letters.js';
import type { MirrorDeadLetterTable } from '../types.js';
import type { SqlDriver } from './driver.js';

interface DeadLetterRow {
  id: string;
  evento: string;
  item: string | null;
  body: string;
  error_name: string;
  error_message: string;
  attempts: unknown;
  first_failed_ms: unknown;
  last_failed_ms: unknown;
}

const COLUMNS = 'id, evento, item, body, error_name, error_message, attempts, first_failed_ms, last_failed_ms';

const toLetter = (row: DeadLetterRow): DeadLetter => ({
  id: row.id,
  evento: row.evento,
  ...(row.item === null ? {} : { item: row.item }),
  body: row.body,
  error: { name: row.error_name, message: row.error_message },
  attempts: Number(row.attempts),
  firstFailedAt: Number(row.first_failed_ms),
  lastFailedAt: Number(row.last_failed_ms),
});

/**
 * @internal The dead-letter table over SQL, the same statements for PGlite, Postgres and SQLite. Each
 * record is one transaction of its own (the upsert and the bound together), not under the mirror's
 * write lock: it touches nothing the catalog's writers read.
 */
export function sqlDeadLetterTable(driver: SqlDriver): MirrorDeadLetterTable {
  return {
    record: (failure, maxEntries, cutoffMs) =>
      driver.transaction(async (client) => {
        await client.query(
          `INSERT INTO pc_mirror_dead_letters (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $7)
           ON CONFLICT (id) DO UPDATE SET evento = excluded.evento, item = excluded.item, body = excluded.body, error_name = excluded.error_name,
             error_message = excluded.error_message, attempts = pc_mirror_dead_letters.attempts + 1, last_failed_ms = excluded.last_failed_ms`,
          [failure.id, failure.evento, failure.item ?? null, failure.body, failure.error.name, failure.error.message, Math.floor(failure.failedAt)],
        );
        await client.query('DELETE FROM pc_mirror_dead_letters WHERE last_failed_ms < $1 AND id <> $2', [Math.floor(cutoffMs), failure.id]);
        const over = Number((await client.query<{ n: unknown }>('SELECT count(*) AS n FROM pc_mirror_dead_letters')).rows[0]?.n ?? 0) - maxEntries;
        if (over <= 0) return [];
        return (
          await client.query<{ id: string; evento: string }>(
            'DELETE FROM pc_mirror_dead_letters WHERE id IN (SELECT id FROM pc_mirror_dead_letters ORDER BY last_failed_ms, id LIMIT $1) RETURNING id, evento',
            [over],
          )
        ).rows;
      }),
    list: async (after, limit) =>
      (await driver.query<DeadLetterRow>(`SELECT ${COLUMNS} FROM pc_mirror_dead_letters WHERE CAST($1 AS text) IS NULL OR id > $1 ORDER BY id LIMIT $2`, [after ?? null, limit])).rows.map(toLetter),
    remove: async (id) => {
      await driver.query('DELETE FROM pc_mirror_dead_letters WHERE id = $1', [id]);
    },
    prune: async (cutoffMs) => (await driver.query('DELETE FROM pc_mirror_dead_letters WHERE last_failed_ms < $1 RETURNING id', [Math.floor(cutoffMs)])).rows.length,
  };
}
