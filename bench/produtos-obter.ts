/**
 * Per-call cost of `client.produtos.obter()` against a loopback node:http server, next to plain
 * `fetch` + `res.json()` to the same server, sequential and at concurrency 10. The SDK runs with
 * everything on: response validation and the rate limiter (set high enough not to bind). ky alone
 * and ky + the product schema are measured beside them, to show where the time goes.
 *
 * Run: npm run bench   (results: bench/README.md)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ky from 'ky';
import { PartnerCommerce, produtoSchema } from '../src/index.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 400);
const TOKEN = 'svc_sbx_bench_0000000000000000';

const produto = JSON.stringify({
  sku: 'SKU-1',
  titulo: 'Tênis de corrida',
  imagem: 'https://img.example.test/sku-1.jpg',
  precoAtacado: '129.90',
  precoSugerido: '199.90',
  precoAtual: '189.90',
  numeracoes: Array.from({ length: 10 }, (_, i) => ({ numeracao: String(34 + i), skuVariacao: `SKU-1-${34 + i}`, estoque: i })),
  categorias: [{ id: 'c1', nome: 'Tênis' }],
  estilos: [{ id: 'e1', nome: 'Esportivo' }],
  tags: [{ id: 't1', nome: 'Lançamento' }],
  ativo: true,
  atualizadoEm: '2026-11-20T10:00:00-03:00',
});

let n = 0;
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json',
    'x-request-id': `req_${++n}`,
    'x-ratelimit-limit': '1000000000',
    'x-ratelimit-remaining': String(1_000_000_000 - n),
    'x-ratelimit-reset': '60',
  });
  res.end(produto);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const url = `${baseUrl}/v1/produtos/SKU-1`;

const client = new PartnerCommerce({ token: TOKEN, baseUrl, rateLimit: process.env.BENCH_NO_LIMITER ? false : { perMinute: 1_000_000 }, logLevel: 'off' });

const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };
/** The sides measured, alternated call by call. The middle two show what ky and zod cost alone. */
const sides = {
  fetch: async () => (await fetch(url, { headers })).json(),
  ky: async () => JSON.parse(await (await ky(url, { headers, retry: 0, timeout: false, throwHttpErrors: false })).text()),
  'ky + zod': async () => produtoSchema.parse(JSON.parse(await (await ky(url, { headers, retry: 0, timeout: false, throwHttpErrors: false })).text())),
  sdk: () => client.produtos.obter('SKU-1'),
};
type Side = keyof typeof sides;
const names = Object.keys(sides) as Side[];

/**
 * Latencies of `calls` calls of each side, made by `concurrency` workers that rotate through the
 * sides call by call: every side sees the same load, warm-up and machine drift.
 */
async function measure(calls: number, concurrency: number): Promise<Record<Side, number[]>> {
  const out = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<Side, number[]>;
  let left = calls;
  const worker = async (w: number) => {
    for (let i = w; left-- > 0; i++) {
      for (let j = 0; j < names.length; j++) {
        const side = names[(i + j) % names.length]!;
        const t0 = performance.now();
        await sides[side]();
        out[side].push(performance.now() - t0);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const rows: string[] = [];
for (const concurrency of [1, 10]) {
  await measure(300, concurrency); // warm-up: JIT, connection pool, limiter state
  const times = await measure(ROUNDS * CALLS, concurrency);
  const base = median(times.fetch);
  const cells = names.map((n) => `${(median(times[n]) * 1000).toFixed(0)} µs (${(median(times[n]) / base).toFixed(2)}x)`);
  rows.push(`| ${concurrency === 1 ? 'sequential' : `concurrency ${concurrency}`} | ${cells.join(' | ')} |`);
}

console.log(`Median per call, ${ROUNDS * CALLS} calls per side, Node ${process.version}`);
console.log(`| mode | ${names.join(' | ')} |`);
console.log(`|---|${names.map(() => '---').join('|')}|`);
for (const row of rows) console.log(row);
server.close();
