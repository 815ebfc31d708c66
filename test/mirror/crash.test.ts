/**
 * Crash safety with real processes: a child process is SIGKILLed at random points of a backfill and of
 * applying a 500-item `produto.lote`; each restart resumes, and in the end the store equals the source,
 * every product logged exactly once per state, no page fetched from zero again or skipped. On the
 * embedded store (PGlite in a folder) and, when PostgreSQL is installed, on Postgres.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { canonicalJson } from '../../src/mirror/apply/canonical.js';
import { createPgliteStore, createPostgresStore, type MirrorStore } from '../../src/mirror/index.js';
import { createFakeApi, type FakeServer } from '../../src/testing/index.js';
import { seeded } from './chaos-catalog.js';
import { produto } from './fixtures.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from './postgres-server.js';

const child = fileURLToPath(new URL('./crash-process.ts', import.meta.url));
const random = seeded(1123);

/** Runs the child; kills it with SIGKILL once `killAfter` says so (given each stdout line), or lets it finish. */
function runChild(args: string[], killAfter?: (line: string) => number | undefined): Promise<{ killed: boolean; lines: string[] }> {
  return new Promise((resolve, reject) => {
    // node itself with tsx as a loader (not the tsx wrapper, which would leave its own node child running when killed).
    const proc = spawn(process.execPath, ['--import', 'tsx', child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let stderr = '';
    let buffer = '';
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        const delay = killAfter?.(line);
        if (delay !== undefined) setTimeout(() => proc.kill('SIGKILL'), delay);
      }
    });
    proc.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ killed: true, lines });
      else if (code === 0) resolve({ killed: false, lines });
      else reject(new Error(`child exited ${code}: ${stderr}`));
    });
  });
}

interface Target {
  name: string;
  skip?: string | undefined;
  setup(): Promise<void>;
  /** Store argument for the child, on an empty database. */
  fresh(): Promise<string>;
  /** About how long applying the 500-item lote takes on this store (kill points fall within it). */
  loteMs: number;
  /** The same store, opened here to check it. */
  open(location: string): MirrorStore;
  teardown(): Promise<void>;
}

const dirs: string[] = [];
let server: PostgresServer | undefined;
let dbCount = 0;
const pgSkip = postgresUnavailable();
const targets: Target[] = [
  {
    name: 'embedded (PGlite folder)',
    loteMs: 400,
    setup: async () => undefined,
    fresh: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pc-crash-'));
      dirs.push(dir);
      return `pglite:${dir}`;
    },
    open: (location) => createPgliteStore({ dataDir: location.slice('pglite:'.length) }),
    teardown: async () => undefined,
  },
  {
    name: 'Postgres',
    loteMs: 120,
    skip: pgSkip,
    setup: async () => {
      server = await startPostgres();
    },
    fresh: async () => {
      const name = `crash_${++dbCount}`;
      const admin = new pg.Client({ connectionString: server!.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      return `postgres:${server!.url.replace(/\/postgres$/, `/${name}`)}`;
    },
    open: (location) => createPostgresStore({ connectionString: location.slice('postgres:'.length) }),
    teardown: async () => server?.stop(),
  },
];

for (const target of targets) {
  describe.skipIf(target.skip !== undefined)(`crash safety, ${target.name}`, { timeout: 300_000 }, () => {
    let api: FakeServer;
    const fake = createFakeApi({ catalogSize: 1500, rateLimit: false });
    beforeAll(async () => {
      await target.setup();
      api = await fake.listen();
    }, 60_000);
    afterAll(async () => {
      await api?.close();
      await target.teardown();
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    });

    it('a backfill killed at random points resumes: every page once (plus at most two in flight per kill), every product once', async () => {
      const location = await target.fresh();
      const listCalls = () => fake.requests.filter((r) => r.path.startsWith('/v1/produtos?')).length;
      const start = listCalls();
      let kills = 0;
      for (const page of [3, 7, 11]) {
        const { killed } = await runChild(['backfill', location, api.url, '60'], (line) => (line === `page ${page}` ? Math.floor(random() * 120) : undefined));
        expect(killed).toBe(true);
        kills++;
      }
      const last = await runChild(['backfill', location, api.url]);
      expect(last.lines.at(-1)).toBe('done');
      const calls = listCalls() - start;
      // Never from zero: each kill costs at most the page being stored and the one fetched ahead.
      expect(calls).toBeGreaterThanOrEqual(15);
      expect(calls).toBeLessThanOrEqual(15 + 2 * kills);
      const store = target.open(location);
      await store.open();
      try {
        const log = await store.changes(0, 10_000);
        expect(log).toHaveLength(1500);
        expect(new Set(log.map((c) => c.sku)).size).toBe(1500);
        expect(await store.state('backfill')).toMatchObject({ fase: 'concluido', paginas: 15, geracao: 1 });
        for (const sku of ['SKU-0001', 'SKU-0750', 'SKU-1500']) {
          const body = (await (await fetch(`${api.url}/v1/produtos/${sku}`, { headers: { authorization: 'Bearer svc_sbx_crash' } })).json()) as object;
          expect(canonicalJson((await store.produto(sku))!.produto)).toBe(canonicalJson(body));
        }
      } finally {
        await store.close();
      }
    });

    it('applying a 500-item lote killed at random points, then redelivered, applies each item once', async () => {
      const location = await target.fresh();
      const dir = mkdtempSync(join(tmpdir(), 'pc-lote-'));
      dirs.push(dir);
      const file = join(dir, 'lote.json');
      const itens = Array.from({ length: 500 }, (_, i) => ({ evento: 'produto.criado', produto: produto(`L-${String(i).padStart(3, '0')}`, i % 60) }));
      writeFileSync(file, JSON.stringify({ id: 'evt_lote_crash', evento: 'produto.lote', criadoEm: '2026-11-01T12:00:00-03:00', ambiente: 'sandbox', integracao: { id: 'i', nome: 'n' }, dados: { total: 500, itens } }));
      // Kill points spread over the time a lote takes on this store; runs until two kills landed mid-lote.
      let killed = 0;
      for (let i = 0; i < 8 && killed < 2; i++) {
        const r = await runChild(['lote', location, file], (line) => (line === 'applying' ? Math.floor(random() * target.loteMs) : undefined));
        if (r.killed) killed++;
      }
      const last = await runChild(['lote', location, file]);
      expect(last.lines.at(-1)).toBe('done');
      expect(killed).toBeGreaterThanOrEqual(1);
      const store = target.open(location);
      await store.open();
      try {
        const log = await store.changes(0, 10_000);
        expect(log).toHaveLength(500);
        expect(new Set(log.map((c) => c.sku)).size).toBe(500);
        for (const item of itens) expect(canonicalJson((await store.produto(item.produto.sku))!.produto)).toBe(canonicalJson(item.produto));
      } finally {
        await store.close();
      }
    });
  });
}
