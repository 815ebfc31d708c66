/**
 * Throwaway PostgreSQL for tests. {@link startPostgres} hands a file a fresh database of the one server
 * the run's global setup started (test/setup/global-setup.ts: initdb and a start cost seconds, a
 * database milliseconds); {@link startOwnPostgres} starts a server of its own (initdb into a temp dir,
 * a free loopback port), for the tests that stop and restart it. When the server binaries are missing
 * the caller skips with a notice, unless REQUIRE_POSTGRES=1 (CI), where that is a failure.
 *
 * Binaries are looked up on PATH, then in /usr/lib/postgresql/<version>/bin (Debian's place). initdb
 * refuses to run as root, so as root the server runs as the `postgres` user (or `nobody`) via runuser.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { providedPostgresUrl } from '../setup/provided.js';

export interface PostgresServer {
  /** postgres://… of the test's database (`postgres` on a server of its own). */
  url: string;
  port: number;
  /** Stops the server (immediate shutdown) and removes its directory. */
  stop(): Promise<void>;
  /** Shuts the server down (fast: open sessions are ended), keeping its data, as a restart or failover does. Own servers only. */
  down(): Promise<void>;
  /** Starts it again after {@link down}, on the same port. Own servers only. */
  up(): Promise<void>;
}

/** Where initdb is, or undefined. */
export function findPostgresBin(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, 'initdb'))) return dir;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort().reverse()) {
      const bin = join(debian, version, 'bin');
      if (existsSync(join(bin, 'initdb'))) return bin;
    }
  }
  return undefined;
}

/** The skip notice, or throws when REQUIRE_POSTGRES=1. undefined when Postgres can run. */
export function postgresUnavailable(): string | undefined {
  if (findPostgresBin()) return undefined;
  const why = 'skipped: PostgreSQL server binaries (initdb, pg_ctl) not found on PATH nor in /usr/lib/postgresql/*/bin';
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`REQUIRE_POSTGRES=1 but ${why.slice('skipped: '.length)}`);
  console.warn(why);
  return why;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function runAs(): { uid: number; gid: number; name: string } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const r = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (r.status === 0) {
      const gid = Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim());
      return { uid: Number(r.stdout.trim()), gid, name };
    }
  }
  throw new Error('running as root and no postgres/nobody user to run PostgreSQL as');
}

let databases = 0;

/**
 * A fresh, empty database for one test file: on the run's shared server when the global setup started
 * one (dropped, sessions and all, by `stop()`), else on a server of its own. Databases are apart for
 * everything a test sees here (tables, advisory locks, LISTEN/NOTIFY). Call {@link postgresUnavailable} first.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const shared = providedPostgresUrl();
  if (!shared) return startOwnPostgres();
  const name = `t_${process.pid}_${++databases}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: shared });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = shared.replace(/\/postgres$/, `/${name}`);
  const ownOnly = async () => {
    throw new Error('a database on the shared server cannot be restarted: use startOwnPostgres()');
  };
  return { url, port: Number(new URL(url).port), down: ownOnly, up: ownOnly, stop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Starts a server of its own (initdb, a free port, a temp dir). Call {@link postgresUnavailable} first.
 * `maxConnections` is 50 unless given (the run's shared server takes more).
 */
export async function startOwnPostgres(options: { maxConnections?: number } = {}): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const dir = mkdtempSync(join(tmpdir(), 'pc-mirror-pg-'));
  const data = join(dir, 'data');
  const user = runAs();
  if (user) chownSync(dir, user.uid, user.gid);
  // The C collation, as PGlite's: the store contract (store-contract.ts) orders text by code point on any machine's locale.
  // Asynchronous, so the global setup's other work goes on while initdb runs.
  const run = promisify(execFile);
  const exec = (cmd: string, args: string[]) => (user ? run('runuser', ['-u', user.name, '--', join(bin, cmd), ...args]) : run(join(bin, cmd), args));
  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=${options.maxConnections ?? 50}`;
  let running = false;
  const start = async () => {
    await exec('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
    running = true;
  };
  await start();
  return {
    down: async () => {
      running = false;
      await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
    up: async () => start(),
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => {
      try {
        if (running) await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
