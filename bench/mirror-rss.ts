/**
 * Resident memory of the mirror per store engine (issue 25; results: bench/README.md, "Mirror RSS
 * (issue 25)"). Each engine runs in a fresh child process, so one engine's memory never colours
 * another's; the child forces a GC (--expose-gc) before each sample and reports RSS and heapUsed:
 *
 * - `client`: the testing kit's fake (same catalog size) and a plain client after one call: the floor
 *   every engine's figures include, since the fake lives in the same process;
 * - `open`: after `createMirror` and `open()`;
 * - `backfill`: after a backfill of BENCH_PRODUCTS (10,000) products from the fake;
 * - `day`: after BENCH_FOLLOWS (2,000) follow runs, each after the fake's catalog driver made two
 *   random changes whose notices went to the mirror (`applyEvent`), the fake's clock moving 30 s a run;
 * - `peak`: the child's maxRSS (what a container's limit must hold, e.g. PGlite's initdb on first open).
 *
 * Engines: client, memory, pglite (folder, first open), pglite-reopen (a restart on that folder),
 * pglite-memory, pglite-tuned (folder, BENCH_PGLITE_CONF written to its postgresql.conf), pglite-tuned-reopen,
 * postgres (a throwaway server; the figures are the Node process only, the server's own memory is not
 * counted), sqlite (`createSqliteStore` when src/mirror exports it, else `sqlite-prototype`: raw
 * `node:sqlite` with the store's tables and the same rows, to know the engine's order of magnitude).
 * SQLite needs Node >= 22.13: its child runs on BENCH_NODE22 / BENCH_NODE24, once per Node named, else on
 * the running Node when it has node:sqlite, else its rows are skipped with a line saying why.
 *
 * Run: npm run bench:rss [engine...]      (BENCH_MIRROR_ENTRY=/abs/src/mirror/index.ts: another checkout's mirror)
 *      (BENCH_PRODUCTS=2000 BENCH_FOLLOWS=200 for a quick look;
 *      BENCH_NODE=path runs the non-SQLite children on another Node, e.g. 24)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PartnerCommerce } from '../src/index.js';
import * as mirrorEntry from '../src/mirror/index.js';
import { createFakeApi } from '../src/testing/index.js';
import { parseWebhook } from '../src/webhooks/index.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const FOLLOWS = Number(process.env.BENCH_FOLLOWS ?? 2_000);
// Lowest settings found to matter (see bench/README.md): PGlite's own defaults are Postgres's
// (shared_buffers 128MB), sized for a server, not a process sharing a small container.
const PGLITE_CONF = process.env.BENCH_PGLITE_CONF ?? 'shared_buffers=8MB\nwork_mem=1MB\ntemp_buffers=1MB\nwal_buffers=256kB\nmaintenance_work_mem=4MB';
// No machine path as a default: a fresh clone names its Nodes, or runs SQLite on the running Node when it can.
const NODE22 = process.env.BENCH_NODE22 ?? '';
const NODE24 = process.env.BENCH_NODE24 ?? '';
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const RUNNING_HAS_SQLITE = major > 22 || (major === 22 && minor >= 13);

interface Sample {
  phase: string;
  rssMB: number;
  heapMB: number;
  ms?: number;
}

const mb = (bytes: number) => Math.round(bytes / 1e6);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
function sample(phase: string, ms?: number): Sample {
  gc();
  const m = process.memoryUsage();
  const s: Sample = { phase, rssMB: mb(m.rss), heapMB: mb(m.heapUsed), ...(ms === undefined ? {} : { ms: Math.round(ms) }) };
  console.log(JSON.stringify(s));
  return s;
}

/** A store for the engine, and what to clean after. */
async function storeFor(engine: string, dir: string): Promise<{ store: mirrorEntry.MirrorStore; after?: () => Promise<void> }> {
  const { createMemoryStore, createPgliteStore, createPostgresStore } = mirrorEntry;
  const folder = join(dir, 'pglite');
  switch (engine) {
    case 'memory':
      return { store: createMemoryStore() };
    case 'pglite':
    case 'pglite-reopen':
      return { store: createPgliteStore({ dataDir: folder }) };
    case 'pglite-memory':
      return { store: createPgliteStore() };
    case 'pglite-tuned':
    case 'pglite-tuned-reopen': {
      const { PGlite } = await import('@electric-sql/pglite');
      // postgresqlconf is written into the folder's postgresql.conf, so a reopen keeps it too.
      const db = await PGlite.create({ dataDir: folder, postgresqlconf: PGLITE_CONF });
      return { store: createPgliteStore({ db: db as unknown as mirrorEntry.PgliteLike }), after: () => db.close() };
    }
    case 'postgres': {
      const { startPostgres } = await import('../test/mirror/postgres-server.js');
      const server = await startPostgres();
      return { store: createPostgresStore({ connectionString: server.url }), after: () => server.stop() };
    }
    case 'sqlite': {
      const create = (mirrorEntry as Record<string, unknown>).createSqliteStore as ((o: { path: string }) => mirrorEntry.MirrorStore) | undefined;
      if (!create) throw new Error('createSqliteStore is not exported by src/mirror/index.ts');
      return { store: create({ path: join(dir, 'mirror.sqlite') }) };
    }
    case 'embedded':
      // The mirror's default, so its figure is read directly on each Node (SQLite on 22.13+, else PGlite).
      rmSync(join(dir, 'embedded'), { recursive: true, force: true });
      return { store: mirrorEntry.createEmbeddedStore({ dataDir: join(dir, 'embedded') }) };
    default:
      throw new Error(`unknown engine ${engine}`);
  }
}

async function child(engine: string, dir: string): Promise<void> {
  // A reopen starts a week after the day its folder lived through (2,000 runs of ~32 s are ~18 h), so
  // this fake's clock does not run behind the high-water mark the folder keeps.
  let clock = Date.parse('2026-11-20T10:00:00-03:00') + (engine.endsWith('-reopen') ? 7 * 86_400_000 : 0);
  const deliver: { to?: (body: string) => Promise<void> } = {};
  // The fake generates at most 9,999 products at start; the rest are created through its driver.
  const fake = createFakeApi({ catalogSize: Math.min(PRODUCTS, 9_999), rateLimit: false, now: () => new Date(clock), stockWebhookDelayMs: 0, onWebhook: async (_e, { body }) => void (await deliver.to?.(body)) });
  for (let i = 9_999; i < PRODUCTS; i++) await fake.catalog.createProduct();
  const client = new PartnerCommerce({ token: 'svc_sbx_rss', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, logLevel: 'off' });
  await client.produtos.listar({ limite: 1 });
  sample('client');
  if (engine === 'client') return;
  if (engine === 'sqlite' && typeof (mirrorEntry as Record<string, unknown>).createSqliteStore !== 'function') {
    console.log(JSON.stringify({ measured: 'sqlite-prototype' }));
    return sqlitePrototype(fake.catalog.products(), dir);
  }

  let t = performance.now();
  const { store, after } = await storeFor(engine, dir);
  const mirror = mirrorEntry.createMirror({ client, store });
  await mirror.open();
  await store.counts();
  sample('open', performance.now() - t);
  if (!engine.endsWith('-reopen')) {
    t = performance.now();
    await mirror.backfill();
    sample('backfill', performance.now() - t);
  } else {
    // The folder holds the previous child's products; one follow brings it to this fake's catalog.
    await mirror.follow();
  }
  deliver.to = async (body) => void (await mirror.applyEvent(parseWebhook(body)));
  t = performance.now();
  for (let run = 0; run < FOLLOWS; run++) {
    await fake.catalog.changeAtRandom(2, { seed: `rss:${run}`, batches: 0.05, afterEach: () => void (clock += 1_000) });
    await fake.flushWebhooks();
    clock += 30_000;
    await mirror.follow();
  }
  sample('day', performance.now() - t);
  await mirror.close();
  await after?.();
}

/** Raw node:sqlite with the store's tables (types adapted) and the same rows: the engine alone. */
async function sqlitePrototype(produtos: readonly { sku: string; atualizadoEm: string; ativo: boolean; numeracoes: readonly { skuVariacao: string; numeracao: string; estoque: number }[] }[], dir: string): Promise<void> {
  const { DatabaseSync } = (await import('node:' + 'sqlite')) as { DatabaseSync: new (path: string) => { exec(sql: string): void; prepare(sql: string): { run(...params: unknown[]): unknown }; close(): void } };
  let t = performance.now();
  const db = new DatabaseSync(join(dir, 'prototype.sqlite'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA cache_size = -8000');
  db.exec(`
CREATE TABLE pc_mirror_produtos (sku TEXT PRIMARY KEY, produto TEXT NOT NULL, atualizado_em TEXT NOT NULL, atualizado_ms INTEGER NOT NULL, ativo INTEGER NOT NULL, seen_generation INTEGER NOT NULL DEFAULT 0, nao_visto_desde TEXT, position INTEGER NOT NULL);
CREATE INDEX pc_mirror_produtos_position ON pc_mirror_produtos (position);
CREATE INDEX pc_mirror_produtos_seen ON pc_mirror_produtos (seen_generation);
CREATE TABLE pc_mirror_estoque (sku_variacao TEXT PRIMARY KEY, sku TEXT NOT NULL, numeracao TEXT NOT NULL, estoque INTEGER NOT NULL);
CREATE INDEX pc_mirror_estoque_sku ON pc_mirror_estoque (sku);
CREATE TABLE pc_mirror_changes (position INTEGER PRIMARY KEY AUTOINCREMENT, sku TEXT NOT NULL, kind TEXT NOT NULL, fields TEXT NOT NULL, before_state TEXT, after_state TEXT, origin TEXT NOT NULL, evento TEXT, recorded_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
CREATE INDEX pc_mirror_changes_sku ON pc_mirror_changes (sku, position);`);
  sample('open', performance.now() - t);
  const produto = db.prepare('INSERT INTO pc_mirror_produtos (sku, produto, atualizado_em, atualizado_ms, ativo, position) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (sku) DO UPDATE SET produto = excluded.produto, atualizado_em = excluded.atualizado_em');
  const estoque = db.prepare('INSERT INTO pc_mirror_estoque VALUES (?, ?, ?, ?) ON CONFLICT (sku_variacao) DO UPDATE SET estoque = excluded.estoque');
  const change = db.prepare("INSERT INTO pc_mirror_changes (sku, kind, fields, after_state, origin) VALUES (?, 'criado', '[]', ?, 'backfill')");
  const write = (p: (typeof produtos)[number], i: number) => {
    const json = JSON.stringify(p);
    produto.run(p.sku, json, p.atualizadoEm, Date.parse(p.atualizadoEm), p.ativo ? 1 : 0, i);
    for (const n of p.numeracoes) estoque.run(n.skuVariacao, p.sku, n.numeracao, n.estoque);
    change.run(p.sku, json);
  };
  t = performance.now();
  // Pages of 100 in a transaction each, as the mirror's backfill stores them.
  for (let i = 0; i < produtos.length; i += 100) {
    db.exec('BEGIN');
    produtos.slice(i, i + 100).forEach((p, j) => write(p, i + j));
    db.exec('COMMIT');
  }
  sample('backfill', performance.now() - t);
  t = performance.now();
  for (let run = 0; run < FOLLOWS; run++) {
    db.exec('BEGIN');
    for (let k = 0; k < 2; k++) write(produtos[(run * 7919 + k * 104_729) % produtos.length]!, run);
    db.exec('COMMIT');
  }
  sample('day', performance.now() - t);
  db.close();
}

function nodeVersion(node: string): string {
  return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
}

/**
 * The children run a bundle of this file on plain Node (tsx's loader alone holds ~55 MB, which a
 * partner's built app does not carry); BENCH_TSX=1 runs them under tsx instead. The bundle goes to
 * .scratch/ (git-ignored) so its imports of PGlite and pg resolve from the project's node_modules.
 */
async function childScript(): Promise<{ script: string; loader: string[] }> {
  const self = fileURLToPath(import.meta.url);
  if (process.env.BENCH_TSX === '1' || !self.endsWith('.ts')) return { script: self, loader: self.endsWith('.ts') ? ['--import', 'tsx'] : [] };
  const { build } = await import('esbuild');
  const script = join(fileURLToPath(new URL('..', import.meta.url)), '.scratch', `mirror-rss.${process.pid}.mjs`);
  // BENCH_MIRROR_ENTRY: measure another checkout's mirror (e.g. a branch's createSqliteStore) with this client and fake.
  const entry = process.env.BENCH_MIRROR_ENTRY;
  const plugins = entry ? [{ name: 'mirror-entry', setup: (b: { onResolve(o: { filter: RegExp }, f: () => { path: string }): void }) => b.onResolve({ filter: /src\/mirror\/index\.js$/ }, () => ({ path: entry })) }] : [];
  await build({ entryPoints: [self], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: script, packages: 'external', logLevel: 'warning', plugins });
  return { script, loader: [] };
}

async function parent(engines: readonly string[]): Promise<void> {
  const { script: self, loader } = await childScript();
  const node = process.env.BENCH_NODE ?? process.execPath;
  console.log(`${PRODUCTS.toLocaleString('en')} products, ${FOLLOWS.toLocaleString('en')} follow runs, children ${loader.length ? 'under tsx' : 'on a bundle, plain node'}; RSS / heapUsed in MB after a forced GC; peak = the child's maxRSS`);
  console.log('| engine | Node | client | open | backfill | day | peak | open / backfill / day time |');
  console.log('|---|---|---|---|---|---|---|---|');
  const dir = mkdtempSync(join(tmpdir(), 'pc-bench-rss-'));
  try {
    for (const engine of engines) {
      const named = [NODE22, NODE24].filter((n) => n !== '' && existsSync(n));
      const sqliteNodes = named.length > 0 ? named : RUNNING_HAS_SQLITE ? [process.execPath] : [];
      const nodes = engine === 'sqlite' ? sqliteNodes : engine === 'embedded' ? [...new Set([node, ...named])] : [node];
      if (nodes.length === 0) console.log(`| ${engine} | skipped: Node ${process.versions.node} lacks node:sqlite (needs 22.13+) and neither BENCH_NODE22 nor BENCH_NODE24 names one |||||||`);
      for (const n of nodes) {
        // A reopen measures a restart on the folder its engine left; every other engine starts clean.
        if (!engine.endsWith('-reopen')) rmSync(join(dir, 'pglite'), { recursive: true, force: true });
        rmSync(join(dir, 'mirror.sqlite'), { force: true });
        rmSync(join(dir, 'prototype.sqlite'), { force: true });
        const out = execFileSync(n, ['--expose-gc', '--no-warnings', ...loader, self, 'child', engine, dir], { encoding: 'utf8', maxBuffer: 1 << 24, env: { ...process.env, NODE_OPTIONS: '' } });
        const lines = out.trim().split('\n').filter((l) => l.startsWith('{'));
        // A child without createSqliteStore measures the raw node:sqlite prototype and says so.
        const measured = lines.some((l) => l.includes('"measured":"sqlite-prototype"')) ? 'sqlite-prototype (createSqliteStore not exported)' : engine;
        const samples = lines.map((l) => JSON.parse(l) as Sample & { peakMB?: number });
        const at = (phase: string) => samples.find((s) => s.phase === phase);
        const cell = (phase: string) => {
          const s = at(phase);
          return s ? `${s.rssMB} / ${s.heapMB}` : '—';
        };
        const peak = samples.find((s) => s.peakMB !== undefined)?.peakMB;
        const times = ['open', 'backfill', 'day'].map((p) => (at(p)?.ms === undefined ? '—' : `${(at(p)!.ms! / 1000).toFixed(1)} s`)).join(' / ');
        console.log(`| ${measured} | ${nodeVersion(n)} | ${cell('client')} | ${cell('open')} | ${cell('backfill')} | ${cell('day')} | ${peak ?? '—'} | ${times} |`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (!loader.length && self.includes('.scratch')) rmSync(self, { force: true });
  }
}

const ALL = ['client', 'memory', 'pglite', 'pglite-reopen', 'pglite-memory', 'pglite-tuned', 'pglite-tuned-reopen', 'postgres', 'sqlite'];
const [mode, ...rest] = process.argv.slice(2);
if (mode === 'child') {
  await child(rest[0]!, rest[1]!);
  // maxRSS is in KiB on Linux.
  console.log(JSON.stringify({ phase: 'peak', rssMB: 0, heapMB: 0, peakMB: Math.round((process.resourceUsage().maxRSS * 1024) / 1e6) }));
} else await parent(mode ? [mode, ...rest] : ALL);
