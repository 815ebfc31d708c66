import type { SqlDialect } from './driver.js';

/** Advisory lock class of the mirror (two-key form: class, id). */
const LOCK_CLASS = 0x5043; // "PC"
/** Lock id serializing migrations. */
const LOCK_MIGRATIONS = 0;
/** Lock id serializing every write transaction (so change-log positions commit in order). */
const LOCK_WRITES = 1;
/** Advisory lock class of run locks (one backfill, one follow at a time), keyed by `hashtext(name)`. */
export const LOCK_CLASS_RUNS = 0x5044;

/** Postgres (server and PGlite): advisory locks, arrays, jsonb record sets, a sequence. */
export const POSTGRES_DIALECT: SqlDialect = {
  lockWrites: async (client) => void (await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_CLASS, LOCK_WRITES])),
  lockMigrations: async (client) => void (await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_CLASS, LOCK_MIGRATIONS])),
  engine: 'postgres',
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
