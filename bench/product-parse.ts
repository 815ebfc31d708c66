/**
 * Cost of the model layer under every response and product notice: `produtoSchema().parse` of one
 * product (3 prices, 10 sizes, classification, one timestamp) already `JSON.parse`d, the money codec's
 * decode of one wire price, `new Money('129.90')`, and one arithmetic result (`plus`) on a Money.
 * Sides take turns batch by batch; figure = median per call over rounds (ns).
 *
 * Paired before/after: run it in two trees alternately (A B A B ...) and compare medians.
 * Run: npx tsx bench/product-parse.ts   (results: bench/README.md "Product schema parse cost")
 */
import * as z from 'zod/mini';
import { produtoSchema } from '../src/models/produto.js';
import { Money } from '../src/money/money.js';
import { moneySchema } from '../src/money/schema.js';

// On a shared, loaded machine wall time also counts the time other processes hold the core;
// BENCH_CLOCK=cpu times each batch by this process's own CPU (ms), which the load disturbs far less.
const clock =
  process.env.BENCH_CLOCK === 'cpu'
    ? () => {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1000;
      }
    : () => performance.now();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const TARGET_MS = Number(process.env.BENCH_BATCH_MS ?? 30);

const produto = JSON.parse(
  JSON.stringify({
    sku: 'TEN-1001',
    titulo: 'Tênis de corrida leve',
    imagem: 'https://img.example.test/ten-1001.jpg',
    precoAtacado: '129.90',
    precoSugerido: '199.90',
    precoAtual: '189.90',
    numeracoes: Array.from({ length: 10 }, (_, k) => ({ numeracao: String(34 + k), skuVariacao: `TEN-1001-${34 + k}`, estoque: k % 7 })),
    categorias: [{ id: 'cat_1', nome: 'Tênis' }],
    estilos: [{ id: 'est_1', nome: 'Esportivo' }],
    tags: [{ id: 'tag_1', nome: 'Lançamento' }],
    ativo: true,
    atualizadoEm: '2026-11-20T10:00:00-03:00',
  }),
) as unknown;

let sink: unknown;
const a = new Money('129.90');
const sides: Record<string, () => unknown> = {
  'produtoSchema().parse': () => (sink = produtoSchema().parse(produto)),
  'moneySchema decode': () => (sink = z.decode(moneySchema(), '1299.90')),
  'new Money("129.90")': () => (sink = new Money('129.90')),
  'Money plus': () => (sink = a.plus('0.10')),
};

const names = Object.keys(sides);
const perCall = Object.fromEntries(names.map((n) => [n, [] as number[]]));
const calls: Record<string, number> = {};
for (const n of names) {
  const fn = sides[n]!;
  for (let i = 0; i < 2000; i++) fn();
  const t0 = performance.now();
  for (let i = 0; i < 1000; i++) fn();
  calls[n] = Math.max(1, Math.round((TARGET_MS * 1000) / (performance.now() - t0)));
}
for (let round = 0; round < ROUNDS; round++) {
  for (let j = 0; j < names.length; j++) {
    const n = names[(round + j) % names.length]!;
    const fn = sides[n]!;
    const start = clock();
    for (let i = 0; i < calls[n]!; i++) fn();
    perCall[n]!.push(((clock() - start) * 1e6) / calls[n]!);
  }
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const check = produtoSchema().parse(produto) as { precoAtacado: Money };
if (!(check.precoAtacado instanceof Money) || check.precoAtacado.plus('0.10').toString() !== '130.00') throw new Error('parse result is not Money');
console.log(JSON.stringify(Object.fromEntries(names.map((n) => [n, Math.round(median(perCall[n]!))]))));
void sink;
