import type { SqlDialect } from './driver.js';
import { NOW_FUNCTION } from './schema.js';

const none = async (): Promise<void> => undefined;

/**
 * @internal SQLite: `BEGIN IMMEDIATE` already makes each write transaction the only writer of the file
 * (and one process owns the file), so no locks are taken in SQL; lists and records are unpacked with
 * `json_each`. A new dialect per store: it remembers the highest position it drew, so a position drawn
 * by a transaction that rolled back is not drawn again (SQLite rolls its counter back with it, where a
 * Postgres sequence does not).
 */
export function sqliteDialect(): SqlDialect {
  let drawn = 0;
  return {
    lockWrites: none,
    lockMigrations: none,
    engine: 'sqlite',
    anyOf: (param) => `IN (SELECT value FROM json_each(${param}))`,
    // `WHERE true`: without it SQLite reads the ON CONFLICT that follows as a join's ON.
    listRows: (param) => `SELECT value FROM json_each(${param}) WHERE true`,
    records: (param, columns) =>
      `(SELECT ${columns
        .map(([name, type]) =>
          // A JSON null in a jsonb column is SQL NULL, as jsonb_to_recordset makes it.
          type === 'jsonb' ? `nullif(value -> '${name}', 'null') AS "${name}"` : `value ->> '${name}' AS "${name}"`,
        )
        .join(', ')} FROM json_each(${param})) AS x`,
    json: (param) => param,
    now: `${NOW_FUNCTION}()`,
    forUpdate: '',
    forUpdateSkipLocked: '',
    drawPositions: async (client, count) => {
      const [row] = (
        await client.query<{ last: unknown }>(
          "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'pc_mirror_changes'), 0), coalesce((SELECT max(position) FROM pc_mirror_changes), 0)) AS last",
        )
      ).rows;
      const first = Math.max(Number(row?.last ?? 0), drawn) + 1;
      const positions = Array.from({ length: count }, (_, i) => first + i);
      drawn = first + count - 1;
      return positions;
    },
  };
}
