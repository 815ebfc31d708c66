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
 * counted), sqlite (`createSqliteStore`), embedded (`createEmbeddedStore`, the mirror's default).
 * SQLite needs Node >= 22.13: its child runs on BENCH_NODE22 / BENCH_NODE24, once per Node named, else on
 * the running Node when it has node:sqlite, else its rows are skipped with a line saying why.
 *
 * Each row also says how much of the RSS is V8's young generation (`new_space`, committed but empty after
 * the GC): V8 sizes it from the memory it sees, so on a large machine Node 24 keeps up to ~130 MB of it.
 * BENCH_MEMORY_LIMIT=512 (MB) runs each child in a memory cgroup of that size, as a container would (Linux,
 * root, cgroup v1 or v2): Node then sizes V8 from the limit, and a child the kernel kills says so.
 *
 * Run: npm run bench:rss [engine...]
 *      (BENCH_PRODUCTS=2000 BENCH_FOLLOWS=200 for a quick look;
 *      BENCH_NODE=path runs the non-SQLite children on another Node, e.g. 24)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapSpaceStatistics } from 'node:v8';
import { PartnerCommerce } from '../src/index.js';
import * as mirrorEntry from '../src/mirror/index.js';
import { createFakeApi } from '../src/testing/index.js';
import { parseWebhook } from '../src/webhooks/index.js';
import { sqliteUnavailable } from '../test/mirror/sqlite-available.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const FOLLOWS = Number(process.env.BENCH_FOLLOWS ?? 2_000);
// Lowest settings found to matter (see bench/README.md): PGlite's own defaults are Postgres's
// (shared_buffers 128MB), sized for a server, not a process sharing a small container.
const PGLITE_CONF = process.env.BENCH_PGLITE_CONF ?? 'shared_buffers=8MB\nwork_mem=1MB\ntemp_buffers=1MB\nwal_buffers=256kB\nmaintenance_work_mem=4MB';
// No machine path as a default: a fresh clone names its Nodes, or runs SQLite on the running Node when it can.
const NODE22 = process.env.BENCH_NODE22 ?? '';
const NODE24 = process.env.BENCH_NODE24 ?? '';
const RUNNING_HAS_SQLITE = sqliteUnavailable() === undefined;

interface Sample {
  phase: string;
  rssMB: number;
  heapMB: number;
  /** V8's young generation, committed: empty after the GC, but resident. */
  newSpaceMB: number;
  ms?: number;
}

const mb = (bytes: number) => Math.round(bytes / 1e6);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
function sample(phase: string, ms?: number): Sample {
  gc();
  const m = process.memoryUsage();
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.physical_space_size ?? 0;
  const s: Sample = { phase, rssMB: mb(m.rss), heapMB: mb(m.heapUsed), newSpaceMB: mb(newSpace), ...(ms === undefined ? {} : { ms: Math.round(ms) }) };
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
    case 'sqlite':
      return { store: mirrorEntry.createSqliteStore({ path: join(dir, 'mirror.sqlite') }) };
    case 'embedded':
      // The mirror's default, so its figure is read directly on each Node (SQLite on 22.13+, else PGlite).
      rmSync(join(dir, 'embedded'), { recursive: true, force: true });
      return { store: mirrorEntry.createEmbeddedStore({ dataDir: join(dir, 'embedded') }) };
    default:
      throw new Error(`unknown engine ${engine}`);
  }
}

async function child(engine: string, dir: string): Promise<void> {
  // A reopen is a restart right after the day its folder lived through (each run moves the clock 32 s),
  // so this fake's clock neither runs behind the high-water mark the folder keeps nor skips days ahead.
  let clock = Date.parse('2026-11-20T10:00:00-03:00') + (engine.endsWith('-reopen') ? FOLLOWS * 32_000 + 60_000 : 0);
  const deliver: { to?: (body: string) => Promise<void> } = {};
  // The fake generates at most 9,999 products at start; the rest are created through its driver.
  const fake = createFakeApi({
    catalogSize: Math.min(PRODUCTS, 9_999),
    rateLimit: false,
    now: () => new Date(clock),
    stockWebhookDelayMs: 0,
    onWebhook: async (_e, { body }) => void (await deliver.to?.(body)),
  });
  for (let i = 9_999; i < PRODUCTS; i++) await fake.catalog.createProduct();
  const client = new PartnerCommerce({ token: 'svc_sbx_rss', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, logLevel: 'off' });
  await client.produtos.listar({ limite: 1 });
  sample('client');
  if (engine === 'client') return;

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
  await build({ entryPoints: [self], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: script, packages: 'external', logLevel: 'warning' });
  return { script, loader: [] };
}

/** The memory cgroup each child runs in under BENCH_MEMORY_LIMIT, as a container would hold it. */
function memoryCgroup(limitMB: number): { wrap: (argv: string[]) => string[]; remove: () => void } {
  const name = `pc-bench-rss-${process.pid}`;
  const v2 = existsSync('/sys/fs/cgroup/cgroup.controllers');
  const path = v2 ? `/sys/fs/cgroup/${name}` : `/sys/fs/cgroup/memory/${name}`;
  mkdirSync(path);
  writeFileSync(join(path, v2 ? 'memory.max' : 'memory.limit_in_bytes'), String(limitMB * 1024 * 1024));
  // No swap either, or the kernel would page the child out instead of holding it to the limit.
  if (v2) writeFileSync(join(path, 'memory.swap.max'), '0');
  return {
    wrap: (argv) => ['/bin/sh', '-c', `echo $$ > ${join(path, 'cgroup.procs')} && exec "$@"`, 'sh', ...argv],
    remove: () => rmdirSync(path),
  };
}

async function parent(engines: readonly string[]): Promise<void> {
  const { script: self, loader } = await childScript();
  const node = process.env.BENCH_NODE ?? process.execPath;
  const limitMB = Number(process.env.BENCH_MEMORY_LIMIT ?? 0);
  const cgroup = limitMB > 0 ? memoryCgroup(limitMB) : undefined;
  console.log(
    `${PRODUCTS.toLocaleString('en')} products, ${FOLLOWS.toLocaleString('en')} follow runs, children ${loader.length ? 'under tsx' : 'on a bundle, plain node'}${cgroup ? `, each in a ${limitMB} MB memory cgroup` : ''}; RSS / heapUsed (V8 young generation) in MB after a forced GC; peak = the child's maxRSS`,
  );
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
        const argv = [n, '--expose-gc', '--no-warnings', ...loader, self, 'child', engine, dir];
        if (cgroup && engine.endsWith('-reopen')) {
          // A restart needs the folder a whole first start made; under the limit that first start is killed
          // (leaving half a folder), so it runs again without the limit and only the restart is held to it.
          rmSync(join(dir, 'pglite'), { recursive: true, force: true });
          const base = engine.replace(/-reopen$/, '');
          console.log(`| ${base} (folder for the restart below, without the limit) | ${nodeVersion(n)} |||||||`);
          execFileSync(n, ['--expose-gc', '--no-warnings', ...loader, self, 'child', base, dir], { stdio: 'ignore', env: { ...process.env, NODE_OPTIONS: '' } });
        }
        const [file, ...args] = cgroup ? cgroup.wrap(argv) : argv;
        const run = spawnSync(file!, args, { encoding: 'utf8', maxBuffer: 1 << 24, env: { ...process.env, NODE_OPTIONS: '' } });
        const samples = run.stdout
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Sample & { peakMB?: number });
        const at = (phase: string) => samples.find((s) => s.phase === phase);
        const cell = (phase: string) => {
          const s = at(phase);
          return s ? `${s.rssMB} / ${s.heapMB} (${s.newSpaceMB})` : run.status === 0 ? '—' : '✗';
        };
        // Killed by the kernel at the limit, or failed: the phases it reached stand, the rest are ✗.
        const peak = samples.find((s) => s.peakMB !== undefined)?.peakMB ?? (run.signal ? `killed (${run.signal})` : `exit ${String(run.status)}`);
        if (run.status !== 0 && !run.signal) process.stderr.write(run.stderr);
        const times = ['open', 'backfill', 'day'].map((p) => (at(p)?.ms === undefined ? '—' : `${(at(p)!.ms! / 1000).toFixed(1)} s`)).join(' / ');
        console.log(`| ${engine} | ${nodeVersion(n)} | ${cell('client')} | ${cell('open')} | ${cell('backfill')} | ${cell('day')} | ${peak} | ${times} |`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    cgroup?.remove();
    if (!loader.length && self.includes('.scratch')) rmSync(self, { force: true });
  }
}

const ALL = ['client', 'memory', 'pglite', 'pglite-reopen', 'pglite-memory', 'pglite-tuned', 'pglite-tuned-reopen', 'postgres', 'sqlite', 'embedded'];
const [mode, ...rest] = process.argv.slice(2);
if (mode === 'child') {
  await child(rest[0]!, rest[1]!);
  // maxRSS is in KiB on Linux.
  console.log(JSON.stringify({ phase: 'peak', rssMB: 0, heapMB: 0, newSpaceMB: 0, peakMB: Math.round((process.resourceUsage().maxRSS * 1024) / 1e6) }));
} else await parent(mode ? [mode, ...rest] : ALL);
