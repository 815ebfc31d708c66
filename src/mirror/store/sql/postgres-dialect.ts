import type { SqlDialect } from './driver.js';
import { LOCK_CLASS, LOCK_MIGRATIONS, LOCK_WRITES, MIGRATIONS } from './migrations.js';

/** Postgres (server and PGlite): advisory locks, arrays, jsonb record sets, a sequence. */
export const POSTGRES_DIALECT: SqlDialect = {
  lockWrites: async (client) => void (await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_CLASS, LOCK_WRITES])),
  lockMigrations: async (client) => void (await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_CLASS, LOCK_MIGRATIONS])),
  migrationsTable: 'CREATE TABLE IF NOT EXISTS pc_mirror_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  migrations: MIGRATIONS,
  anyOf: (param) => `= ANY(${param}::text[])`,
  listRows: (param) => `SELECT unnest(${param}::text[])`,
  records: (param, columns) => `jsonb_to_recordset(${param}::jsonb) AS x(${columns.map(([name, type]) => `"${name}" ${type}`).join(', ')})`,
  json: (param) => `${param}::jsonb`,
  now: 'now()',
  forUpdate: ' FOR UPDATE',
  forUpdateSkipLocked: ' FOR UPDATE SKIP LOCKED',
  drawPositions: async (client, count) =>
    (await client.query<{ p: unknown }>("SELECT nextval(pg_get_serial_sequence('pc_mirror_changes', 'position')) AS p FROM generate_series(1, $1)", [count])).rows
      .map((r) => Number(r.p))
      .sort((a, b) => a - b),
};
