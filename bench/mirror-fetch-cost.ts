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

const N = Number(process.env.BENCH_N ?? 10_000);

type Item = Record<string, unknown>;

function produto(i: number): Item {
  const sku = `SKU-${String(i).padStart(6, '0')}`;
  return {
    sku,
    titulo: `Tênis ${i}`,
    imagem: `https://img.example.test/${sku}.jpg`,
    precoAtacado: '100.00',
    precoSugerido: '199.90',
    precoAtual: '199.90',
    numeracoes: ['37', '38', '39', '40'].map((n) => ({ numeracao: n, skuVariacao: `${sku}-${n}`, estoque: i % 17 })),
    categorias: [{ id: 'c1', nome: 'Feminino' }],
    estilos: [{ id: 'e1', nome: 'Casual' }],
    tags: [],
    ativo: true,
    atualizadoEm: '2026-11-01T09:00:00-03:00',
  };
}

/** A catalog of N products: the list (items passed through `listed`) and the detail, each call counted. */
function catalog(listed: (item: Item) => Item) {
  const counts = { list: 0, detail: 0 };
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = { 'content-type': 'application/json', date: new Date().toUTCString() };
    const detail = /^\/v1\/produtos\/SKU-(\d+)$/.exec(url.pathname);
    if (detail) {
      counts.detail++;
      return new Response(JSON.stringify(produto(Number(detail[1]))), { headers });
    }
    counts.list++;
    const limite = Number(url.searchParams.get('limite') ?? 50);
    const start = Number(url.searchParams.get('cursor') ?? 1);
    const end = Math.min(N + 1, start + limite);
    const dados = Array.from({ length: Math.max(0, end - start) }, (_, k) => listed(produto(start + k)));
    const temMais = end <= N;
    return new Response(JSON.stringify({ dados, paginacao: { proximoCursor: temMais ? String(end) : null, temMais } }), { headers });
  };
  return { counts, client: new PartnerCommerce({ token: 'svc_sbx_bench', baseUrl: 'https://sandbox.example.test', fetch, rateLimit: false, logLevel: 'off' }) };
}

async function scan(name: string, listed: (item: Item) => Item, scans: number): Promise<void> {
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
    const est = shown ? `estimate shown after ${shown.callsSoFar} call(s): ${shown.estimate.perHundred}/100, expected calls ${shown.estimate.expectedCalls ?? 'unknown (first scan)'}` : 'no estimate (no fetches needed)';
    console.log(`${name}, scan ${s}: ${calls} calls (result says ${result.chamadas}; ⌈N/100⌉ = ${Math.ceil(N / 100)}), ${est}; ${Math.round(performance.now() - started)} ms`);
  }
}

await scan('every field listed', (p) => p, 1);
await scan('optional fields absent or null', ({ titulo: _t, ...p }) => ({ ...p, imagem: null, precoAtual: null, tags: null }), 1);
await scan('numeracoes missing from list items', ({ numeracoes: _n, ...p }) => p, 2);
