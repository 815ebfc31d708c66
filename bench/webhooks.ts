/**
 * Parse + validate cost of `parseWebhook` for three notices, next to `JSON.parse` alone of the same text
 * and to a plain zod 4 `looseObject` schema of the same shape (strings instead of Money and checked
 * timestamps, no dispatch by kind) as the reference:
 *
 * - `pedido.status_alterado` (one order summary, ~440 bytes);
 * - `produto.preco_atualizado` (a full product with 10 sizes, plus `alterados` and `anterior`);
 * - `produto.lote` of 500 `produto.estoque_atualizado` items (full products, 10 sizes each, ~0.5 MB).
 *
 * Sides take turns batch by batch, so warm-up, GC and machine drift fall on all of them alike; the
 * figure per side is the median over rounds. Targets: at most 2.5x JSON.parse for each single event,
 * 3x for the lote.
 *
 * Run: npx tsx bench/webhooks.ts   (results: bench/README.md)
 */
import * as z from 'zod';
import { parseWebhook } from '../src/webhooks/index.js';

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
const TARGET_MS = Number(process.env.BENCH_BATCH_MS ?? 40); // time per batch, per side

const envelope = { id: 'evt_01JD7X3K9Q2W8M4N6P', criadoEm: '2026-11-20T10:00:00-03:00', ambiente: 'producao', integracao: { id: 'int_8f2a', nome: 'Loja Centro' } };
const pedido = {
  id: 'ped_7c1e9a',
  numero: 10423,
  status: 'PAGO',
  total: '1299.90',
  origem: 'API',
  referenciaExterna: 'PED-2026-0042',
  enviarPara: 'CLIENTE',
  criadoEm: '2026-11-20T09:12:44-03:00',
  atualizadoEm: '2026-11-20T10:00:00-03:00',
  statusAnterior: 'AGUARDANDO_PAGAMENTO',
};
const produto = (i: number) => ({
  sku: `TEN-${1000 + i}`,
  titulo: 'Tênis de corrida leve',
  imagem: `https://img.example.test/ten-${1000 + i}.jpg`,
  precoAtacado: '129.90',
  precoSugerido: '199.90',
  precoAtual: '189.90',
  numeracoes: Array.from({ length: 10 }, (_, k) => ({ numeracao: String(34 + k), skuVariacao: `TEN-${1000 + i}-${34 + k}`, estoque: (i + k) % 7 })),
  categorias: [{ id: 'cat_1', nome: 'Tênis' }],
  estilos: [{ id: 'est_1', nome: 'Esportivo' }],
  tags: [{ id: 'tag_1', nome: 'Lançamento' }],
  ativo: true,
  atualizadoEm: '2026-11-20T10:00:00-03:00',
});

const bodies = {
  'pedido.status_alterado': JSON.stringify({ ...envelope, evento: 'pedido.status_alterado', dados: { pedido } }),
  'produto.preco_atualizado': JSON.stringify({
    ...envelope,
    evento: 'produto.preco_atualizado',
    dados: { produto: produto(1), alterados: ['precoAtacado'], anterior: { precoAtacado: '119.90', precoSugerido: '199.90' } },
  }),
  'produto.lote (500)': JSON.stringify({
    ...envelope,
    evento: 'produto.lote',
    dados: { total: 500, itens: Array.from({ length: 500 }, (_, i) => ({ evento: 'produto.estoque_atualizado', produto: produto(i) })) },
  }),
};
type Caso = keyof typeof bodies;

// The reference: plain looseObject schemas of the same shape, strings for money and timestamps.
const s = z.string();
const ref = z.looseObject({ id: s, nome: s });
const env = { id: s, evento: s, criadoEm: s, ambiente: s, integracao: ref };
const produtoPlain = z.looseObject({
  sku: s,
  titulo: s,
  imagem: s,
  precoAtacado: s,
  precoSugerido: s,
  precoAtual: s,
  numeracoes: z.array(z.looseObject({ numeracao: s, skuVariacao: s, estoque: z.int() })),
  categorias: z.array(ref),
  estilos: z.array(ref),
  tags: z.array(ref),
  ativo: z.boolean(),
  atualizadoEm: s,
});
const plain: Record<Caso, z.ZodType> = {
  'pedido.status_alterado': z.looseObject({
    ...env,
    dados: z.looseObject({
      pedido: z.looseObject({
        id: s,
        numero: z.int(),
        status: s,
        total: s,
        origem: s,
        referenciaExterna: s.optional(),
        enviarPara: s,
        criadoEm: s,
        atualizadoEm: s,
        statusAnterior: s,
      }),
    }),
  }),
  'produto.preco_atualizado': z.looseObject({
    ...env,
    dados: z.looseObject({ produto: produtoPlain, alterados: z.array(s), anterior: z.looseObject({ precoAtacado: s, precoSugerido: s }) }),
  }),
  'produto.lote (500)': z.looseObject({
    ...env,
    dados: z.looseObject({
      total: z.int(),
      itens: z.array(z.looseObject({ evento: s, produto: produtoPlain, alterados: z.array(s).optional(), anterior: z.looseObject({}).optional() })),
    }),
  }),
};

let sink: unknown;
function sidesFor(caso: Caso) {
  const body = bodies[caso];
  const schema = plain[caso];
  return {
    'JSON.parse': () => (sink = JSON.parse(body)),
    'plain zod': () => (sink = schema.parse(JSON.parse(body))),
    parseWebhook: () => (sink = parseWebhook(body)),
  };
}

/**
 * Microseconds per call of each side, as { median, best } over rounds of batches that alternate side by
 * side (each round starts with a different side).
 */
function measure(sides: Record<string, () => unknown>): Record<string, { median: number; best: number }> {
  const names = Object.keys(sides);
  const perCall = Object.fromEntries(names.map((n) => [n, [] as number[]]));
  for (const fn of Object.values(sides)) for (let i = 0; i < 200; i++) fn(); // warm-up: JIT, zod's compiled fast paths
  // Size the batches on parseWebhook, so each lasts about TARGET_MS.
  const t0 = performance.now();
  for (let i = 0; i < 10; i++) sides.parseWebhook!();
  const calls = Math.max(1, Math.round(TARGET_MS / Math.max((performance.now() - t0) / 10, 0.0005)));
  for (let round = 0; round < ROUNDS; round++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(round + j) % names.length]!;
      const fn = sides[name]!;
      const start = clock();
      for (let i = 0; i < calls; i++) fn();
      perCall[name]!.push(((clock() - start) * 1000) / calls);
    }
  }
  return Object.fromEntries(names.map((n) => [n, { median: median(perCall[n]!), best: Math.min(...perCall[n]!) }]));
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const targets: Record<Caso, number> = { 'pedido.status_alterado': 2.5, 'produto.preco_atualizado': 2.5, 'produto.lote (500)': 3 };
const fmt = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(2)} µs`);

console.log(`Median per call over ${ROUNDS} rounds (ratio to JSON.parse); last column: parseWebhook's ratio in the best round. Node ${process.version}`);
console.log('| event | bytes | JSON.parse | plain zod (reference) | parseWebhook | best round | target | met (median) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const caso of Object.keys(bodies) as Caso[]) {
  const r = measure(sidesFor(caso));
  const base = r['JSON.parse']!;
  const ratio = r.parseWebhook!.median / base.median;
  const cell = (side: string) => `${fmt(r[side]!.median)} (${(r[side]!.median / base.median).toFixed(2)}x)`;
  console.log(
    `| ${caso} | ${bodies[caso].length.toLocaleString('en')} | ${cell('JSON.parse')} | ${cell('plain zod')} | ${cell('parseWebhook')} | ${(r.parseWebhook!.best / base.best).toFixed(2)}x | ≤ ${targets[caso]}x | ${ratio <= targets[caso] ? 'yes' : 'no'} |`,
  );
}
void sink;
