import { postgresStoreOptionsSchema } from '../mirror-options.js';
import { checkOptionsWith } from '../../errors/check-options.js';
import { MirrorStoreError } from './errors.js';
import { LOCK_CLASS_RUNS, POSTGRES_DIALECT } from './sql/postgres-dialect.js';
import type { SqlClient, SqlDriver } from './sql/driver.js';
import { createSqlStore } from './sql/sql-store.js';
import type { MirrorStore } from './types.js';

/** One connection of a `pg` pool, as the store uses it. */
export interface PgPoolClientLike {
  /** A statement on this connection. */
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /** Gives the connection back to the pool (destroyed when `err` is given). */
  release(err?: Error | boolean): void;
  /** `pg` emits `error` on a held connection the server drops between statements. */
  on?(event: 'error', listener: (err: Error) => void): unknown;
  /** Removes the listener {@link on} added. */
  removeListener?(event: 'error', listener: (err: Error) => void): unknown;
}

/** What the store uses of a `pg` Pool (so the SDK's types do not depend on `pg`'s). */
export interface PgPoolLike {
  /** A statement on any connection. */
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /** One connection, held until released. */
  connect(): Promise<PgPoolClientLike>;
  /** Closes every connection. */
  end(): Promise<void>;
  /** `pg` emits `error` on the pool when the server drops an idle connection. */
  on?(event: 'error', listener: (err: Error) => void): unknown;
}

/** Options of {@link createPostgresStore}: a connection string, or a pool you already have. */
export interface PostgresStoreOptions {
  /** e.g. `postgres://user:pass@host:5432/db`; a pool of `max` connections is opened on first use. */
  connectionString?: string | undefined;
  /**
   * Size of the pool opened from `connectionString`. An outbox call holds one connection (its row lock)
   * while the HTTP call is in flight, so size the pool above the outbox calls one process runs at once,
   * or the mirror's own writes wait for a connection. @default 4
   */
  max?: number | undefined;
  /**
   * A `pg` Pool you opened yourself; {@link MirrorStore.close} leaves it open. Give it your own
   * `pool.on('error', …)` listener: without one, Node ends the process when Postgres drops an idle
   * connection (a restart, a failover). The pool the store opens from `connectionString` has one.
   */
  pool?: PgPoolLike | undefined;
}

/**
 * The store on a real Postgres, for several processes and machines sharing one mirror. The same schema
 * and SQL as the embedded store. Concurrency rests on Postgres's own locks: every write transaction
 * takes a transaction-level advisory lock (writes are serialized and change positions commit in
 * order), product rows are locked `FOR UPDATE`, a backfill or follow run holds a session-level
 * advisory lock on its own connection (released by Postgres if the process dies), and the outbox
 * claims rows with `FOR UPDATE SKIP LOCKED`. Needs the optional peer dependency `pg`, loaded on first use.
 *
 * A restart, failover or dropped connection never ends the process: the calls in flight fail with
 * {@link MirrorStoreError}, and the next call connects again.
 */
export function createPostgresStore(options: PostgresStoreOptions): MirrorStore {
  const needs = { path: 'connectionString', message: 'createPostgresStore needs connectionString (a string) or pool' };
  checkOptionsWith(postgresStoreOptionsSchema, options, 'createPostgresStore', needs, (issues) => {
    if (options.pool === undefined && options.connectionString === undefined) issues.push(needs);
  });
  let pool: Promise<PgPoolLike> | undefined;
  const own = options.pool === undefined;
  const getPool = (): Promise<PgPoolLike> =>
    (pool ??= options.pool
      ? Promise.resolve(options.pool)
      : loadPg().then(({ Pool }) => {
          const opened = new Pool({ connectionString: options.connectionString, max: options.max ?? 4 });
          // An idle connection the server dropped: pg has already discarded it and the next call opens
          // another; without a listener Node would end the partner's process over it.
          opened.on?.('error', ignore);
          return opened;
        }));
  const asClient = (c: PgPoolClientLike): SqlClient => ({
    query: (sql, params) => database(() => c.query(sql, params)),
    exec: async (sql) => void (await database(() => c.query(sql))),
  });
  const withClient = async <T>(fn: (c: PgPoolClientLike) => Promise<T>): Promise<T> => {
    const client = await database(async () => (await getPool()).connect());
    // Dropped while held (between statements): the next statement on it fails, and that failure is
    // the caller's; the event itself must not end the process.
    client.on?.('error', ignore);
    let broken: Error | undefined;
    try {
      return await fn(client);
    } catch (err) {
      broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.removeListener?.('error', ignore);
      client.release(broken);
    }
  };
  const driver: SqlDriver = {
    kind: 'postgres',
    dialect: POSTGRES_DIALECT,
    ownConnectionPerTransaction: true,
    transaction: (fn) =>
      withClient(async (client) => {
        const sql = asClient(client);
        await sql.query('BEGIN');
        try {
          const result = await fn(sql);
          await sql.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }),
    query: (sql, params) => database(async () => (await getPool()).query(sql, params)),
    exclusive: (name, fn) =>
      withClient(async (client) => {
        const sql = asClient(client);
        const unlock = () => sql.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS_RUNS, name]);
        await sql.query('SELECT pg_advisory_lock($1, hashtext($2))', [LOCK_CLASS_RUNS, name]);
        let result: Awaited<ReturnType<typeof fn>>;
        try {
          result = await fn();
        } catch (err) {
          // The run's own failure is the one to report; a lock connection lost with it is released by Postgres.
          await unlock().catch(() => undefined);
          throw err;
        }
        // Lost during a run that otherwise finished: the lock was released early, so say so.
        await unlock();
        return result;
      }),
    close: async () => {
      // Idempotent: cleared first, so a second close (even one racing the first) ends nothing twice.
      const current = pool;
      pool = undefined;
      if (own && current) await (await current.catch(() => undefined))?.end();
    },
  };
  return createSqlStore(driver);
}

const ignore = (): void => undefined;

/** Runs a call of the driver, its failure turned into a {@link MirrorStoreError} (the driver's error as `cause`). */
async function database<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof MirrorStoreError) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    throw new MirrorStoreError(`the mirror's Postgres failed: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
      code: typeof code === 'string' ? code : undefined,
    });
  }
}

async function loadPg(): Promise<{ Pool: new (config: { connectionString?: string | undefined; max: number }) => PgPoolLike }> {
  try {
    const mod = (await import('pg')) as unknown as { default?: { Pool: unknown }; Pool?: unknown };
    return { Pool: (mod.Pool ?? mod.default?.Pool) as new (config: { connectionString?: string | undefined; max: number }) => PgPoolLike };
  } catch (cause) {
    throw new MirrorStoreError('The Postgres mirror store needs the package pg: npm install pg', { cause, code: 'ERR_MODULE_NOT_FOUND' });
  }
}
