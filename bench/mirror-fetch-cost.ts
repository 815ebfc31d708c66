/**
 * What a backfill of 10,000 products costs in calls, and whether the estimate shown before it spends
 * them is right (results: bench/README.md, "Catalog mirror", fetch cost). Memory store, no limiter: only
 * calls are counted here (bench/mirror.ts times a backfill under the rate budget).
 *
 * 1. List items carry every Product field: ⌈N/100⌉ calls.
 * 2. List items lack the optional fields (titulo absent; imagem, precoAtual, tags null): still ⌈N/100⌉.
 * 3. List items lack a required field (numeracoes): every product is fetched whole. First scan: the rate
 *    per 100 shown before the first fetch; second scan: the whole-scan estimate shown before the first
 *    fetch vs the calls it made.
 *
 * Run: npx tsx bench/mirror-fetch-cost.ts   (BENCH_N=10000 to change the size)
 */
import { PartnerCommerce } from '../src/index.js';
import { createMemoryStore, createMirror, type FetchEstimate, type MirrorWarning } from '../src/mirror/index.js';
import { catalogFetch, type BenchItem } from './catalog-fetch.js';

const N = Number(process.env.BENCH_N ?? 10_000);

/** The bench catalog with its list items shaped by `listed`, and a client on it. */
function catalog(listed: (item: BenchItem) => BenchItem) {
  const counts = { list: 0, detail: 0 };
  return { counts, client: new PartnerCommerce({ token: 'svc_sbx_bench', baseUrl: 'https://sandbox.example.test', fetch: catalogFetch(N, { listed, counts }), rateLimit: false, logLevel: 'off' }) };
}

async function scan(name: string, listed: (item: BenchItem) => BenchItem, scans: number): Promise<void> {
  const { counts, client } = catalog(listed);
  const mirror = createMirror({ client, store: createMemoryStore() });
  for (let s = 1; s <= scans; s++) {
    const before = counts.list + counts.detail;
    let shown: { estimate: FetchEstimate; callsSoFar: number } | undefined;
    const onWarning = (w: MirrorWarning) => {
      if (w.kind === 'fetches') shown = { estimate: w.estimate, callsSoFar: counts.list + counts.detail - before };
    };
    const started = performance.now();
    const result = await mirror.backfill({ onWarning });
    const calls = counts.list + counts.detail - before;
    const est = shown
      ? `estimate shown after ${shown.callsSoFar} call(s): ${shown.estimate.perHundred}/100, expected calls ${shown.estimate.expectedCalls ?? 'unknown (first scan)'}`
      : 'no estimate (no fetches needed)';
    console.log(`${name}, scan ${s}: ${calls} calls (result says ${result.calls}; ⌈N/100⌉ = ${Math.ceil(N / 100)}), ${est}; ${Math.round(performance.now() - started)} ms`);
  }
}

await scan('every field listed', (p) => p, 1);
await scan('optional fields absent or null', ({ titulo: _t, ...p }) => ({ ...p, imagem: null, precoAtual: null, tags: null }), 1);
await scan('numeracoes missing from list items', ({ numeracoes: _n, ...p }) => p, 2);
