import { loadBuiltin, optionalBuiltin } from '../../internal/node-builtin.js';
import { sqliteStoreOptionsSchema } from '../mirror-options.js';
import { checkOptionsWith } from '../../errors/check-options.js';
import { MirrorStoreError } from './errors.js';
import { lockDatabaseFile, type FolderLock } from './folder-lock.js';
import { Mutex, NamedMutex } from './mutex.js';
import type { SqlClient, SqlDriver } from './sql/driver.js';
import { NOW_FUNCTION } from './sql/schema.js';
import { sqliteDialect } from './sql/sqlite-dialect.js';
import { createSqlStore } from './sql/sql-store.js';
import type { MirrorStore } from './types.js';

/** A value SQLite binds: what the store passes after turning booleans and lists into numbers and JSON. */
export type SqliteValue = null | number | bigint | string | Uint8Array;

/** What the store uses of a prepared `node:sqlite` statement. */
export interface SqliteStatementLike {
  /** Runs the statement with numbered parameters (`?1`, `?2`, …) and returns every row. */
  all(...params: SqliteValue[]): unknown[];
}

/**
 * What the store uses of a `node:sqlite` `DatabaseSync` (declared here so the SDK's types do not depend
 * on the version of `@types/node` a partner has).
 */
export interface SqliteDatabaseLike {
  /** Compiles a statement. */
  prepare(sql: string): SqliteStatementLike;
  /** Runs a script of several statements. */
  exec(sql: string): void;
  /** Registers a function SQL can call (Node 22.13 and newer). */
  function(name: string, fn: () => string): void;
  /** Closes the database. */
  close(): void;
  /**
   * The database's file, `null` in memory (Node 22.16 / 23.11 and newer): a file here is locked as
   * {@link SqliteStoreOptions.path} is.
   */
  location?(): string | null;
}

/** Options of {@link createSqliteStore}. */
export interface SqliteStoreOptions {
  /**
   * The database file, e.g. `./data/espelho.db` (missing folders are created). Without it (and without
   * `db`) the database is in memory only. One process at a time: the store holds `<path>.lock` beside
   * the file while open, and a second opener is refused with {@link FolderLockedError} (a lock left by
   * a dead process of this machine is taken over).
   */
  path?: string | undefined;
  /**
   * A `DatabaseSync` you opened yourself (not with `path`); {@link MirrorStore.close} leaves it open.
   * Its pragmas are yours: the store sets them only on a database it opens (see {@link createSqliteStore}).
   * Its file is locked as `path` is, from the first use until close, when the database says where it
   * lives (`location()`, Node 22.16 / 23.11 and newer); on an older Node it is not locked: open by
   * `path` for the lock.
   */
  db?: SqliteDatabaseLike | undefined;
}

/**
 * Set on a database the store opens. WAL with `synchronous=FULL`: a committed transaction survives a
 * killed process and a power loss. Small caches, so the store fits a small container: 8 MB of pages,
 * temporary tables on disk, no memory-mapped file.
 */
const PRAGMAS = ['PRAGMA journal_mode = WAL', 'PRAGMA synchronous = FULL', 'PRAGMA busy_timeout = 5000', 'PRAGMA cache_size = -8000', 'PRAGMA temp_store = FILE', 'PRAGMA mmap_size = 0'];

/**
 * An embedded store on SQLite through Node's built-in `node:sqlite`: no server, no native build and
 * no package to install, in one database file. Needs Node 22.13 or newer (opening on an older Node
 * fails with a {@link MirrorStoreError} saying so; {@link createPgliteStore} runs on Node 20). The same
 * contract as the other stores: all-or-nothing transactions, one writer at a time, a change feed and
 * an outbox; a committed transaction survives SIGKILL and power loss (WAL, `synchronous=FULL`). One
 * process owns a file at a time (`<path>.lock`; a second opener gets {@link FolderLockedError}): for
 * several processes or machines use Postgres.
 */
export function createSqliteStore(options: SqliteStoreOptions = {}): MirrorStore {
  checkOptionsWith(sqliteStoreOptionsSchema, options, 'createSqliteStore', { path: 'options', message: 'must be an object ({ path?, db? })' }, (issues) => {
    // Both given, the file would be locked but never opened: say which one counts instead of guessing.
    if (options.path !== undefined && options.db !== undefined) issues.push({ path: 'db', message: 'give path or db, not both (db is a database you opened; path one the store opens)' });
  });
  let db: SqliteDatabaseLike | undefined;
  let lock: FolderLock | undefined;
  let opening: Promise<SqliteDatabaseLike> | undefined;
  const own = options.db === undefined;
  const file = options.path === ':memory:' ? undefined : options.path;
  // One connection: a statement issued while another caller's transaction is open would run inside
  // it, so every statement goes through one queue (as on PGlite).
  const queue = new Mutex();
  const runs = new NamedMutex();
  const statements = new Map<string, SqliteStatementLike>();
  // The start of the running transaction, which SQL's time defaults read: the rows of one transaction
  // share it, as with Postgres' now(). Strictly increasing within the process, so two transactions of
  // one millisecond still order as they ran.
  let started: string | undefined;
  let lastMicros = 0;
  const instant = (): string => {
    lastMicros = Math.max(Date.now() * 1000, lastMicros + 1);
    return `${new Date(Math.floor(lastMicros / 1000)).toISOString().slice(0, -1)}${String(lastMicros % 1000).padStart(3, '0')}Z`;
  };

  const open = async (): Promise<SqliteDatabaseLike> => {
    const DatabaseSync = options.db ? undefined : await loadSqlite();
    const held = file !== undefined ? await prepareFile(file) : options.db ? await lockGiven(options.db) : undefined;
    let opened: SqliteDatabaseLike | undefined;
    try {
      opened = options.db ?? sqlite(() => new DatabaseSync!(file ?? ':memory:'));
      const database = opened;
      sqlite(() => {
        // An in-memory database has no journal file to put in WAL.
        if (own) for (const pragma of PRAGMAS) if (file !== undefined || !pragma.includes('journal_mode')) database.exec(pragma);
        database.function(NOW_FUNCTION, () => started ?? instant());
      });
      lock = held;
      return database;
    } catch (err) {
      if (own) closeQuietly(opened);
      await held?.release();
      throw err;
    }
  };
  const connect = async (): Promise<SqliteDatabaseLike> => {
    if (db) return db;
    db = await (opening ??= open().finally(() => (opening = undefined)));
    return db;
  };
  const prepared = (database: SqliteDatabaseLike, sql: string): SqliteStatementLike => {
    let statement = statements.get(sql);
    // `$1` is a named parameter in SQLite, numbered by first appearance; `?1` is the number itself.
    if (!statement) statements.set(sql, (statement = database.prepare(sql.replace(/\$(\d+)/g, '?$1'))));
    return statement;
  };
  const clientOf = (database: SqliteDatabaseLike): SqlClient => ({
    query: async <R>(sql: string, params: unknown[] = []) => sqlite(() => ({ rows: prepared(database, sql).all(...params.map(bindable)) as R[] })),
    exec: async (sql) => sqlite(() => database.exec(sql)),
  });
  const driver: SqlDriver = {
    kind: 'sqlite',
    dialect: sqliteDialect(),
    ownConnectionPerTransaction: false,
    transaction: (fn) =>
      queue.run(async () => {
        const database = await connect();
        started = instant();
        try {
          sqlite(() => database.exec('BEGIN IMMEDIATE'));
          try {
            const result = await fn(clientOf(database));
            sqlite(() => database.exec('COMMIT'));
            return result;
          } catch (err) {
            // Also after a failed COMMIT, which leaves the transaction open.
            try {
              database.exec('ROLLBACK');
            } catch {
              // Nothing open to roll back (SQLite already did).
            }
            throw err;
          }
        } finally {
          started = undefined;
        }
      }),
    query: (sql, params) => queue.run(async () => clientOf(await connect()).query(sql, params)),
    // One process owns the file, so a run lock of this process is the only one there is.
    exclusive: (name, fn) => runs.run(name, fn),
    close: async () => {
      // Idempotent: a second close (or one after a failed open) finds nothing left to close.
      await queue.run(async () => {
        const current = db ?? (await opening?.catch(() => undefined));
        db = undefined;
        statements.clear();
        if (own && current) sqlite(() => current.close());
      });
      const held = lock;
      lock = undefined;
      await held?.release();
    },
  };
  return createSqlStore(driver);
}

/** Closes a database whose setup failed: that failure is the one to report, not a close failing after it. */
function closeQuietly(database: SqliteDatabaseLike | undefined): void {
  try {
    database?.close();
  } catch {
    // Already closed, or never opened.
  }
}

/** A parameter as SQLite binds it: booleans as 1 and 0, lists as JSON (unpacked with json_each). */
function bindable(value: unknown): SqliteValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) return JSON.stringify(value);
  return value as SqliteValue;
}

/** Runs a call of `node:sqlite`, its failure turned into a {@link MirrorStoreError} (the driver's error as `cause`). */
function sqlite<T>(call: () => T): T {
  try {
    return call();
  } catch (err) {
    if (err instanceof MirrorStoreError) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    throw new MirrorStoreError(`the mirror's SQLite failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err, code: typeof code === 'string' ? code : undefined });
  }
}

type DatabaseSyncClass = new (path: string) => SqliteDatabaseLike;

/** `node:sqlite`, loaded at open (never at import): without it, a clear error naming the Node needed. */
async function loadSqlite(): Promise<DatabaseSyncClass> {
  let mod: { DatabaseSync?: DatabaseSyncClass } | undefined;
  let cause: unknown;
  try {
    mod = await loadBuiltin<typeof mod>('node:sqlite');
  } catch (err) {
    cause = err;
  }
  // 22.5 to 22.12 have the module behind a flag but not yet user functions, which the store needs.
  const DatabaseSync = mod?.DatabaseSync;
  if (typeof DatabaseSync === 'function' && typeof (DatabaseSync.prototype as Partial<SqliteDatabaseLike>).function === 'function') return DatabaseSync;
  const version = (globalThis as { process?: { version?: string } }).process?.version ?? 'this runtime';
  throw new MirrorStoreError(`createSqliteStore needs node:sqlite, built into Node 22.13 and newer (running ${version}); on Node 20 use createPgliteStore`, {
    cause,
    code: 'ERR_UNKNOWN_BUILTIN_MODULE',
  });
}

/**
 * The one-writer lock of a database the caller opened, on the file it says it lives in: without it a
 * second process (the CLI's mirror on that file) would write beside it. None in memory.
 */
async function lockGiven(db: SqliteDatabaseLike): Promise<FolderLock | undefined> {
  const where = typeof db.location === 'function' ? sqlite(() => db.location!()) : null;
  return typeof where === 'string' && where !== '' ? lockDatabaseFile(where) : undefined;
}

/** Creates the file's missing folders and takes its one-writer lock, before SQLite touches the file. */
async function prepareFile(file: string): Promise<FolderLock | undefined> {
  const fs = await optionalBuiltin<typeof import('node:fs/promises')>('node:fs/promises');
  const path = await optionalBuiltin<typeof import('node:path')>('node:path');
  if (fs && path) {
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
    } catch (cause) {
      throw new MirrorStoreError(`could not create the folder of ${file}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause, code: (cause as { code?: string }).code });
    }
  }
  return lockDatabaseFile(file);
}
