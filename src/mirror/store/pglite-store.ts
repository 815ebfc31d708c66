import { optionalBuiltin } from '../../internal/node-builtin.js';
import { pgliteStoreOptionsSchema } from '../mirror-options.js';
import { checkOptionsWith } from '../../errors/check-options.js';
import { MirrorStoreError } from './errors.js';
import { lockFolder, type FolderLock } from './folder-lock.js';
import { Mutex, NamedMutex } from './mutex.js';
import { POSTGRES_DIALECT } from './sql/postgres-dialect.js';
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
  /**
   * Where the database lives, as PGlite 0.2 and newer expose it (`undefined` in memory): a folder here
   * is locked as {@link PgliteStoreOptions.dataDir} is.
   */
  readonly dataDir?: string | undefined;
}

/** Options of {@link createPgliteStore}. */
export interface PgliteStoreOptions {
  /**
   * Folder the database lives in (created if missing), e.g. `./data/espelho`. Without it (and without
   * `db`) the database is in memory only. One process at a time: the store holds
   * `partner-commerce.lock` in the folder while open, and a second opener is refused with
   * {@link FolderLockedError} (a lock left by a dead process of this machine is taken over).
   */
  dataDir?: string | undefined;
  /**
   * A PGlite instance you opened yourself; {@link MirrorStore.close} leaves it open. Its folder is
   * locked as `dataDir` is, from the first use until close: taken from `db.dataDir` (PGlite 0.2 and
   * newer say where they live), or, for an instance that does not say, from `dataDir` given beside it.
   * An instance that names no folder either way is not locked (in memory, or the caller's to guard).
   * The lock is taken after PGlite opened the folder, so open it only after the store that held the
   * folder before has closed.
   */
  db?: PgliteLike | undefined;
}

/**
 * An embedded store with Postgres semantics: Postgres compiled to WebAssembly (PGlite), persisted to a
 * folder, with no server to run and no native build. The same schema and SQL as
 * {@link createPostgresStore}. The mirror's default on Node older than 22.13, Bun and Deno, and in a
 * folder that already holds PGlite data (see {@link createEmbeddedStore}).
 *
 * Heavy: its first open of a folder (or any open in memory) runs `initdb` in the process, about 850 MB
 * RSS after open and a 930 MB peak with a 10,000-product mirror; a process with a 512 MB memory limit is
 * killed there. A restart on an existing folder holds about 380–450 MB (Node 20, PGlite 0.5;
 * bench/README.md, "Mirror RSS"). {@link createSqliteStore} holds 125–140 MB for 10,000 products on
 * Node 22.13+, and Postgres keeps the database out of the process. One process owns a folder at a
 * time (a lock file in it; a second opener gets {@link FolderLockedError}): for several processes or
 * machines use Postgres.
 * Needs the optional peer dependency `@electric-sql/pglite`, loaded on first open.
 */
export function createPgliteStore(options: PgliteStoreOptions = {}): MirrorStore {
  checkOptionsWith(pgliteStoreOptionsSchema, options, 'createPgliteStore', { path: 'options', message: 'must be an object ({ dataDir?, db? })' }, (issues) => {
    // Two different folders: the lock would guard one while the database writes the other.
    const own = options.db?.dataDir;
    if (typeof own === 'string' && options.dataDir !== undefined && folderOf(own) !== folderOf(options.dataDir)) {
      issues.push({ path: 'dataDir', message: `names another folder than the PGlite given as db (db.dataDir is ${JSON.stringify(own)}); leave dataDir out` });
    }
  });
  let db: Promise<PgliteLike> | undefined;
  let lock: FolderLock | undefined;
  const own = options.db === undefined;
  // PGlite is one connection: a query issued while another caller's transaction is open would run
  // inside it, so every statement goes through one queue.
  const queue = new Mutex();
  const runs = new NamedMutex();
  const connect = (): Promise<PgliteLike> =>
    (db ??= options.db
      ? lockGiven(options.db, options.dataDir)
      : loadPglite().then(async ({ PGlite }) => {
          const folder = folderOf(options.dataDir);
          if (folder !== undefined) await ensureFolder(folder);
          // Before PGlite touches the folder: a second writer there duplicates rows and loses writes.
          const held = folder === undefined ? undefined : await lockFolder(folder);
          try {
            const opened = (await PGlite.create(options.dataDir)) as PgliteLike;
            lock = held;
            return opened;
          } catch (err) {
            await held?.release();
            throw err;
          }
        })).catch((err: unknown) => {
      db = undefined;
      throw err;
    });
  // A caller's own PGlite: the folder it lives in gets the same one-writer lock, or a second process
  // (the CLI's mirror on that folder) would write beside it and lose changes.
  const lockGiven = async (given: PgliteLike, named: string | undefined): Promise<PgliteLike> => {
    const folder = folderOf(typeof given.dataDir === 'string' ? given.dataDir : named);
    lock = folder === undefined ? undefined : await lockFolder(folder);
    return given;
  };
  const asClient = (c: { query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>; exec(sql: string): Promise<unknown> }): SqlClient => ({
    query: (sql, params) => c.query(sql, params),
    exec: async (sql) => void (await c.exec(sql)),
  });
  const driver: SqlDriver = {
    kind: 'pglite',
    dialect: POSTGRES_DIALECT,
    ownConnectionPerTransaction: false,
    transaction: (fn) => queue.run(async () => (await connect()).transaction((tx) => fn(asClient(tx)))),
    query: (sql, params) => queue.run(async () => (await connect()).query(sql, params)),
    exclusive: (name, fn) => runs.run(name, fn),
    close: async () => {
      // Idempotent: a second close (or one after a failed open) finds nothing left to close.
      const current = db;
      db = undefined;
      if (own && current) await queue.run(async () => (await current.catch(() => undefined))?.close());
      const held = lock;
      lock = undefined;
      await held?.release();
    },
  };
  return createSqlStore(driver);
}

async function loadPglite(): Promise<{ PGlite: { create(dataDir?: string): Promise<unknown> } }> {
  try {
    return await import('@electric-sql/pglite');
  } catch (cause) {
    throw new MirrorStoreError('The embedded mirror store needs the package @electric-sql/pglite: npm install @electric-sql/pglite', { cause, code: 'ERR_MODULE_NOT_FOUND' });
  }
}

/** The folder on disk a `dataDir` names (plain or `file://`); undefined for PGlite's other URLs (`idb://`, `memory://`). */
function folderOf(dataDir: string | undefined): string | undefined {
  if (dataDir === undefined) return undefined;
  if (dataDir.startsWith('file://')) return dataDir.slice('file://'.length);
  return dataDir.includes('://') ? undefined : dataDir;
}

/**
 * Creates a folder path and its missing parents (PGlite creates only the last level, so the default
 * `.partner-commerce/mirror` failed on a fresh machine). Left alone: runtimes without a file system,
 * where PGlite decides.
 */
async function ensureFolder(dataDir: string): Promise<void> {
  const fs = await optionalBuiltin<typeof import('node:fs/promises')>('node:fs/promises');
  await fs?.mkdir(dataDir, { recursive: true });
}
