/**
 * The stores crash tests run their child processes on, each named by a location string the child
 * opens (`pglite:<folder>`, `sqlite:<file>` or `postgres:<url>`): an embedded PGlite folder, an
 * embedded SQLite file (skipped on a Node without `node:sqlite`), and a fresh database on the run's
 * PostgreSQL server (skipped with a notice when the binaries are missing).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgliteStore, createPostgresStore, createSqliteStore, type MirrorStore } from '../../src/mirror/index.js';
import { pgliteFolder } from './pglite-template.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from './postgres-server.js';
import { sqliteUnavailable } from './sqlite-available.js';

/** One kind of store for crash tests. */
export interface CrashTarget {
  kind: 'pglite' | 'postgres' | 'sqlite';
  /** For test titles. */
  name: string;
  /** Why this target is skipped, if it is. */
  skip?: string | undefined;
  /** Once per describe (nothing to do today; kept so a target can start something of its own). */
  setup(): Promise<void>;
  /** The store argument for a child: a new, empty store. */
  fresh(): Promise<string>;
  /** The store at `location`, opened here to check it. */
  open(location: string): MirrorStore;
  /** A new temp folder, removed by {@link CrashTarget.teardown}. */
  folder(prefix: string): string;
  /** Stops the server and removes the folders. */
  teardown(): Promise<void>;
}

/** Every target; `prefix` names their temp folders and databases (e.g. `crash`). */
export function crashTargets(prefix: string): CrashTarget[] {
  const folders = (): { make(name: string): string; remove(): void } => {
    const made: string[] = [];
    return {
      make: (name) => {
        const dir = mkdtempSync(join(tmpdir(), `pc-${name}-`));
        made.push(dir);
        return dir;
      },
      remove: () => {
        for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
      },
    };
  };

  const liteFolders = folders();
  const embedded: CrashTarget = {
    kind: 'pglite',
    name: 'embedded (PGlite folder)',
    setup: async () => undefined,
    // A copy of the run's initialised folder: PGlite's own initdb costs ~10 s in each fresh folder.
    fresh: async () => `pglite:${pgliteFolder(liteFolders.make(prefix))}`,
    open: (location) => createPgliteStore({ dataDir: location.slice('pglite:'.length) }),
    folder: liteFolders.make,
    teardown: async () => liteFolders.remove(),
  };

  const sqliteFolders = folders();
  const sqlite: CrashTarget = {
    kind: 'sqlite',
    name: 'embedded (SQLite file)',
    skip: sqliteUnavailable(),
    setup: async () => undefined,
    // In a folder not yet made: the store creates it, as a partner's first run does.
    fresh: async () => `sqlite:${join(sqliteFolders.make(prefix), 'espelho', 'mirror.db')}`,
    open: (location) => createSqliteStore({ path: location.slice('sqlite:'.length) }),
    folder: sqliteFolders.make,
    teardown: async () => sqliteFolders.remove(),
  };

  const pgFolders = folders();
  const databases: PostgresServer[] = [];
  const postgres: CrashTarget = {
    kind: 'postgres',
    name: 'Postgres',
    skip: postgresUnavailable(),
    setup: async () => undefined,
    fresh: async () => {
      const database = await startPostgres();
      databases.push(database);
      return `postgres:${database.url}`;
    },
    open: (location) => createPostgresStore({ connectionString: location.slice('postgres:'.length) }),
    folder: pgFolders.make,
    teardown: async () => {
      for (const database of databases.splice(0)) await database.stop();
      pgFolders.remove();
    },
  };

  return [embedded, sqlite, postgres];
}
