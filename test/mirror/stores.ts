/**
 * Store factories for tests: every test gets an empty store of each kind. PGlite takes seconds to
 * start, so one instance per test file is shared and emptied between tests (tables dropped the first
 * time, then truncated); Postgres is a throwaway server per file (see postgres-server.ts). Each kind is
 * a factory the store contract (store-contract.ts) takes: a new engine adds one here. SQLite opens in
 * memory in about a millisecond, so each test gets a new database of its own.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createMemoryStore, createPgliteStore, createPostgresStore, createSqliteStore, type MirrorStore } from '../../src/mirror/index.js';
import { freshPglite } from './pglite-template.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from './postgres-server.js';
import { sqliteUnavailable } from './sqlite-available.js';

const TABLES = 'pc_mirror_produtos, pc_mirror_estoque, pc_mirror_changes, pc_mirror_state, pc_mirror_consumers, pc_mirror_refresh, pc_mirror_outbox, pc_mirror_dead_letters';
const DROP = `DROP TABLE IF EXISTS ${TABLES}, pc_mirror_migrations CASCADE`;
// Emptying the migrated tables costs a fraction of dropping and migrating again (12 against 70 ms a test
// on PGlite); the change log's sequence restarts, so positions start at 1 as in a new database.
const EMPTY = `TRUNCATE ${TABLES} RESTART IDENTITY`;

export interface StoreKind {
  name: 'memory' | 'pglite' | 'postgres' | 'sqlite';
  /** Why this kind is skipped, if it is. */
  skip?: string | undefined;
  /** Once per file. */
  setup(): Promise<void>;
  /** An empty, open store. */
  fresh(): Promise<MirrorStore>;
  teardown(): Promise<void>;
  /**
   * A statement on the database behind the last fresh store, for what only the database sets (its
   * clock: `now()` on the Postgres engines). Absent for memory and SQLite, whose time is JavaScript's.
   */
  sql?(statement: string, params?: unknown[]): Promise<void>;
}

export function storeKinds(): StoreKind[] {
  let lite: PGlite | undefined;
  let server: PostgresServer | undefined;
  let pool: pg.Pool | undefined;
  // Whatever an earlier file left is dropped once; after that the schema is ours and only emptied.
  let liteMigrated = false;
  let pgMigrated = false;
  const skipPg = postgresUnavailable();
  return [
    { name: 'memory', setup: async () => undefined, fresh: async () => createMemoryStore(), teardown: async () => undefined },
    {
      name: 'pglite',
      setup: async () => {
        // From the run's initialised template (pglite-template.ts): a second, not PGlite's own initdb.
        lite = await freshPglite();
      },
      fresh: async () => {
        await lite!.exec(liteMigrated ? EMPTY : DROP);
        const store = createPgliteStore({ db: lite });
        await store.open();
        liteMigrated = true;
        return store;
      },
      teardown: async () => {
        await lite?.close();
      },
      sql: async (statement, params) => void (await lite!.query(statement, params)),
    },
    {
      name: 'sqlite',
      skip: sqliteUnavailable(),
      setup: async () => undefined,
      fresh: async () => {
        const store = createSqliteStore();
        await store.open();
        return store;
      },
      teardown: async () => undefined,
    },
    {
      name: 'postgres',
      skip: skipPg,
      setup: async () => {
        server = await startPostgres();
        pool = new pg.Pool({ connectionString: server.url, max: 8 });
        // The teardown drops the database WITH (FORCE): a connection the pool is still closing then gets
        // 57P01 (terminated by the administrator), which pg reports on the pool; with no listener that
        // was an unhandled error failing the whole run, by luck of timing. Any other error still throws.
        pool.on('error', (err: Error & { code?: string }) => {
          if (err.code !== '57P01') throw err;
        });
      },
      fresh: async () => {
        await pool!.query(pgMigrated ? EMPTY : DROP);
        const store = createPostgresStore({ pool });
        await store.open();
        pgMigrated = true;
        return store;
      },
      teardown: async () => {
        await pool?.end();
        await server?.stop();
      },
      sql: async (statement, params) => void (await pool!.query(statement, params)),
    },
  ];
}
