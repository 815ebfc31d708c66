/**
 * The stores crash tests run their child processes on, each named by a location string the child
 * opens (`pglite:<folder>` or `postgres:<url>`): an embedded PGlite folder, and a fresh database on a
 * throwaway PostgreSQL server (skipped with a notice when the binaries are missing).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPgliteStore, createPostgresStore, type MirrorStore } from '../../src/mirror/index.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from './postgres-server.js';

/** One kind of store for crash tests. */
export interface CrashTarget {
  kind: 'pglite' | 'postgres';
  /** For test titles. */
  name: string;
  /** Why this target is skipped, if it is. */
  skip?: string | undefined;
  /** Once per describe. */
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

/** Both targets; `prefix` names their temp folders and databases (e.g. `crash`). */
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
    fresh: async () => `pglite:${liteFolders.make(prefix)}`,
    open: (location) => createPgliteStore({ dataDir: location.slice('pglite:'.length) }),
    folder: liteFolders.make,
    teardown: async () => liteFolders.remove(),
  };

  const pgFolders = folders();
  let server: PostgresServer | undefined;
  let databases = 0;
  const postgres: CrashTarget = {
    kind: 'postgres',
    name: 'Postgres',
    skip: postgresUnavailable(),
    setup: async () => {
      server = await startPostgres();
    },
    fresh: async () => {
      const name = `${prefix}_${++databases}`;
      const admin = new pg.Client({ connectionString: server!.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      return `postgres:${server!.url.replace(/\/postgres$/, `/${name}`)}`;
    },
    open: (location) => createPostgresStore({ connectionString: location.slice('postgres:'.length) }),
    folder: pgFolders.make,
    teardown: async () => {
      await server?.stop();
      pgFolders.remove();
    },
  };

  return [embedded, postgres];
}
