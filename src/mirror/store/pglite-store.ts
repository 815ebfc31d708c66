import { Mutex, NamedMutex } from './mutex.js';
import type { SqlClient, SqlDriver } from './sql/driver.js';
import { createSqlStore } from './sql/sql-store.js';
import type { MirrorStore } from './types.js';

/** What the store uses of a PGlite instance (so the SDK's types do not depend on PGlite's). */
export interface PgliteLike {
  /** A parameterized statement. */
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /** A script of several statements. */
  exec(sql: string): Promise<unknown>;
  /** Runs `fn` in a transaction. */
  transaction<T>(fn: (tx: { query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>; exec(sql: string): Promise<unknown> }) => Promise<T>): Promise<T>;
  /** Closes the database. */
  close(): Promise<void>;
}

/** Options of {@link createPgliteStore}. */
export interface PgliteStoreOptions {
  /**
   * Folder the database lives in (created if missing), e.g. `./data/espelho`. Without it (and without
   * `db`) the database is in memory only.
   */
  dataDir?: string | undefined;
  /** A PGlite instance you opened yourself; {@link MirrorStore.close} leaves it open. */
  db?: PgliteLike | undefined;
}

/**
 * The embedded store, the mirror's default: Postgres compiled to WebAssembly (PGlite), persisted to a
 * folder, with no server to run and no native build. The same schema and SQL as
 * {@link createPostgresStore}. One process owns a folder at a time: for several processes or machines
 * use Postgres. Needs the optional peer dependency `@electric-sql/pglite`, loaded on first open.
 */
export function createPgliteStore(options: PgliteStoreOptions = {}): MirrorStore {
  let db: Promise<PgliteLike> | undefined;
  const own = options.db === undefined;
  // PGlite is one connection: a query issued while another caller's transaction is open would run
  // inside it, so every statement goes through one queue.
  const queue = new Mutex();
  const runs = new NamedMutex();
  const connect = (): Promise<PgliteLike> =>
    (db ??= options.db
      ? Promise.resolve(options.db)
      : loadPglite().then(async ({ PGlite }) => {
          if (options.dataDir !== undefined) await ensureFolder(options.dataDir);
          return (await PGlite.create(options.dataDir)) as unknown as PgliteLike;
        })).catch((err: unknown) => {
      db = undefined;
      throw err;
    });
  const asClient = (c: { query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>; exec(sql: string): Promise<unknown> }): SqlClient => ({
    query: (sql, params) => c.query(sql, params),
    exec: async (sql) => void (await c.exec(sql)),
  });
  const driver: SqlDriver = {
    kind: 'pglite',
    ownConnectionPerTransaction: false,
    transaction: (fn) => queue.run(async () => (await connect()).transaction((tx) => fn(asClient(tx)))),
    query: (sql, params) => queue.run(async () => (await connect()).query(sql, params)),
    exclusive: (name, fn) => runs.run(name, fn),
    close: async () => {
      if (own && db) await queue.run(async () => (await db!).close());
      db = undefined;
    },
  };
  return createSqlStore(driver);
}

async function loadPglite(): Promise<{ PGlite: { create(dataDir?: string): Promise<unknown> } }> {
  try {
    return (await import('@electric-sql/pglite')) as unknown as { PGlite: { create(dataDir?: string): Promise<unknown> } };
  } catch (cause) {
    throw new Error('The embedded mirror store needs the package @electric-sql/pglite: npm install @electric-sql/pglite', { cause });
  }
}

/** The specifier sits in a variable so bundlers do not demand node compatibility for the whole entry. */
const FS_MODULE = 'node:fs/promises';

/**
 * Creates a folder path and its missing parents (PGlite creates only the last level, so the default
 * `.partner-commerce/mirror` failed on a fresh machine). Left alone: PGlite's own URLs (`idb://`,
 * `memory://`) and runtimes without a file system, where PGlite decides.
 */
async function ensureFolder(dataDir: string): Promise<void> {
  if (dataDir.includes('://')) return;
  const builtin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(FS_MODULE);
  const fs = (builtin ?? (await import(/* @vite-ignore */ FS_MODULE).catch(() => undefined))) as typeof import('node:fs/promises') | undefined;
  await fs?.mkdir(dataDir, { recursive: true });
}
