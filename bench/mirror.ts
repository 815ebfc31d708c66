/**
 * Mirror benchmarks (results: bench/README.md, "Catalog mirror").
 *
 * 1. Backfill of 10,000 products into the embedded store through the real client and its limiter, with
 *    a scaled window (10 calls per 5 s window instead of 60 per minute; BENCH_WINDOW_MS to change it): calls made vs ⌈N/100⌉, and time
 *    vs the minimum the budget allows = (⌈calls/10⌉ − 1) windows + one page's own work (the last call
 *    cannot start before its window, and its page must still be stored).
 * 2. RSS of a fresh process backfilling 1k, 10k and 50k products (embedded store, no limiter): after
 *    opening the store, sampled as pages land (10th page, end, max), the process peak, the JS heap
 *    (BENCH_RSS_SIZES=1000,10000 to choose the sizes).
 * 3. Applying a 500-item produto.lote (new products, then 500 updates) into the embedded store and into
 *    Postgres (a throwaway server, when initdb is installed): median ms of 5 runs.
 *
 * Run: npx tsx bench/mirror.ts      (one part: npx tsx bench/mirror.ts backfill|rss|lote)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PartnerCommerce, RateLimiter } from '../src/index.js';
import { createMirror, createPgliteStore, createPostgresStore, type MirrorStore } from '../src/mirror/index.js';
import { parseWebhook } from '../src/webhooks/index.js';
import { findPostgresBin, startPostgres } from '../test/mirror/postgres-server.js';
import { catalogFetch } from './catalog-fetch.js';

async function backfillBench(): Promise<void> {
  const N = 10_000;
  const limit = 10;
  // Scaled so the budget, not the store, is the limit on a slow machine: at the real rate (60 a minute)
  // one page arrives every second, far slower than a page is stored.
  const windowMs = Number(process.env.BENCH_WINDOW_MS ?? 5000);
  const dir = mkdtempSync(join(tmpdir(), 'pc-bench-mirror-'));
  try {
    // One page's own work, unthrottled: fetch, parse and store 100 products.
    const warm = createMirror({
      client: new PartnerCommerce({ token: 'svc_sbx_bench', baseUrl: 'https://bench.test', fetch: catalogFetch(1000), rateLimit: false }),
      store: createPgliteStore({ dataDir: join(dir, 'warm') }),
    });
    await warm.open();
    let t = performance.now();
    await warm.backfill();
    const pageMs = (performance.now() - t) / 10;
    await warm.close();

    const counts = { list: 0, detail: 0 };
    // A shared RateLimiter takes windowMs (the client option does too on main).
    const client = new PartnerCommerce({ token: 'svc_sbx_bench2', baseUrl: 'https://bench.test', fetch: catalogFetch(N, { counts }), rateLimit: new RateLimiter({ perMinute: limit, windowMs }) });
    const mirror = createMirror({ client, store: createPgliteStore({ dataDir: join(dir, 'main') }) });
    await mirror.open();
    t = performance.now();
    const result = await mirror.backfill();
    const ms = performance.now() - t;
    await mirror.close();
    const minimum = (Math.ceil(counts.list / limit) - 1) * windowMs + pageMs;
    console.log(
      `backfill ${N}: ${counts.list} calls (⌈N/100⌉ = ${Math.ceil(N / 100)}), ${result.pages} pages, ${(ms / 1000).toFixed(2)} s; budget ${limit} calls per ${windowMs} ms window; one page's own work ${pageMs.toFixed(0)} ms; minimum ${(minimum / 1000).toFixed(2)} s; ratio ${(ms / minimum).toFixed(3)}x`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function rssChild(n: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pc-bench-rss-'));
  try {
    const mirror = createMirror({
      client: new PartnerCommerce({ token: 'svc_sbx_rss', baseUrl: 'https://bench.test', fetch: catalogFetch(n), rateLimit: false }),
      store: createPgliteStore({ dataDir: dir }),
    });
    await mirror.open();
    const mb = (bytes: number) => bytes / 1e6;
    // Collected before each sample (the child runs with --expose-gc), so garbage not yet collected is not counted as growth.
    const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
    const afterOpen = mb(process.memoryUsage().rss);
    // RSS sampled as pages land: growth between the 10th page and the last is what "flat" means; the
    // process peak alone is dominated by PGlite's start and cannot show it.
    let atPage10 = afterOpen;
    let maxSampled = afterOpen;
    const t = performance.now();
    await mirror.backfill({
      onPage: (e) => {
        if (e.pages % 10 === 0) gc();
        const rss = mb(process.memoryUsage().rss);
        if (e.pages === Math.min(10, Math.ceil(n / 100))) atPage10 = rss;
        maxSampled = Math.max(maxSampled, rss);
      },
    });
    const ms = performance.now() - t;
    gc();
    const atEnd = mb(process.memoryUsage().rss);
    const heapMB = mb(process.memoryUsage().heapUsed);
    await mirror.close();
    // maxRSS is in KiB on Linux.
    console.log(JSON.stringify({ n, afterOpen, atPage10, atEnd, maxSampled, heapMB, peakMB: (process.resourceUsage().maxRSS * 1024) / 1e6, ms }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function rssBench(): void {
  const self = fileURLToPath(import.meta.url);
  const sizes = (process.env.BENCH_RSS_SIZES ?? '1000,10000,50000').split(',').map(Number);
  console.log('| products | RSS after open | at page 10 | at the end | growth page 10 → end | max sampled | process peak | JS heap at end | backfill |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const n of sizes) {
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, 'rss-child', String(n)], { encoding: 'utf8' });
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as { n: number; afterOpen: number; atPage10: number; atEnd: number; maxSampled: number; heapMB: number; peakMB: number; ms: number };
    const f = (x: number) => `${x.toFixed(0)} MB`;
    console.log(
      `| ${n.toLocaleString('en')} | ${f(r.afterOpen)} | ${f(r.atPage10)} | ${f(r.atEnd)} | ${(r.atEnd - r.atPage10).toFixed(0)} MB | ${f(r.maxSampled)} | ${f(r.peakMB)} | ${f(r.heapMB)} | ${(r.ms / 1000).toFixed(1)} s |`,
    );
  }
}

function lote(round: number) {
  const itens = Array.from({ length: 500 }, (_, i) => {
    const sku = `L-${String(i).padStart(4, '0')}`;
    return {
      evento: round === 0 ? 'produto.criado' : 'produto.estoque_atualizado',
      produto: {
        sku,
        titulo: `Tênis ${sku}`,
        imagem: `https://img.example.test/${sku}.jpg`,
        precoAtacado: '100.00',
        precoSugerido: '199.90',
        precoAtual: '199.90',
        numeracoes: ['37', '38', '39', '40'].map((n) => ({ numeracao: n, skuVariacao: `${sku}-${n}`, estoque: (i + round) % 23 })),
        categorias: [{ id: 'c1', nome: 'Feminino' }],
        estilos: [],
        tags: [],
        ativo: true,
        atualizadoEm: new Date(Date.UTC(2026, 10, 1, 12, 0, round)).toISOString(),
      },
    };
  });
  return parseWebhook({
    id: `evt_bench_${round}`,
    evento: 'produto.lote',
    criadoEm: '2026-11-01T09:00:00-03:00',
    ambiente: 'sandbox',
    integracao: { id: 'i', nome: 'n' },
    dados: { total: 500, itens },
  });
}

async function loteBench(): Promise<void> {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const measure = async (name: string, make: () => Promise<MirrorStore>) => {
    const created: number[] = [];
    const updated: number[] = [];
    const store = await make();
    const mirror = createMirror({
      client: {
        produtos: {
          listar: () => {
            throw new Error('unused');
          },
          obter: () => {
            throw new Error('unused');
          },
        },
      },
      store,
    });
    await mirror.open();
    for (let round = 0; round < 6; round++) {
      const e = lote(round);
      const t = performance.now();
      await mirror.applyEvent(e);
      (round === 0 ? created : updated).push(performance.now() - t);
    }
    console.log(`lote 500 into ${name}: new products ${created[0]!.toFixed(0)} ms; updates median of 5 ${median(updated).toFixed(0)} ms`);
    await mirror.close();
  };
  const dir = mkdtempSync(join(tmpdir(), 'pc-bench-lote-'));
  try {
    await measure('embedded (PGlite folder)', async () => createPgliteStore({ dataDir: dir }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!findPostgresBin()) {
    console.log('lote into Postgres: skipped (initdb not found)');
    return;
  }
  const server = await startPostgres();
  try {
    await measure('Postgres (local, loopback)', async () => createPostgresStore({ connectionString: server.url }));
  } finally {
    await server.stop();
  }
}

const [part, arg] = process.argv.slice(2);
if (part === 'rss-child') await rssChild(Number(arg));
else {
  if (!part || part === 'backfill') await backfillBench();
  if (!part || part === 'rss') rssBench();
  if (!part || part === 'lote') await loteBench();
}
