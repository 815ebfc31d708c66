/**
 * What the Redis dedupe store adds to each webhook delivery: `handler.handle()` of a `pedido.criado`
 * notice with a new id each time (so every call does the full has → reserve → handler → add), with the
 * in-memory store and with `createRedisDedupeStore` over loopback, and the same with a repeated id
 * (the redelivery path: one GET). Sides take turns batch by batch; the figure per side is the median
 * over rounds. Concurrency: 64 deliveries in flight, as a busy receiver.
 *
 * Needs `redis-server` on the PATH (or REDIS_URL for one already running; its keys go under a fresh prefix).
 * Run: npx tsx bench/redis-dedupe.ts   (results: bench/README.md)
 */
import { createRedisDedupeStore } from '../src/redis/index.js';
import { createMemoryDedupeStore, createWebhookHandler, type DedupeStore } from '../src/webhooks/index.js';
import { startRedis } from '../test/redis/redis-server.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const BATCH = 400;

const server = process.env.REDIS_URL ? undefined : await startRedis();
const url = process.env.REDIS_URL ?? server!.url;
const redisStore = createRedisDedupeStore({ redis: url, prefix: `bench-${Date.now()}:` });

const body = (id: string) =>
  JSON.stringify({
    id,
    criadoEm: '2026-11-20T10:00:00-03:00',
    ambiente: 'producao',
    integracao: { id: 'int_8f2a', nome: 'Loja Centro' },
    evento: 'pedido.criado',
    dados: {
      pedido: {
        id: 'ped_7c1e9a',
        numero: 10423,
        status: 'PAGO',
        total: '1299.90',
        origem: 'API',
        referenciaExterna: 'PED-1',
        enviarPara: 'CLIENTE',
        criadoEm: '2026-11-20T09:12:44-03:00',
        atualizadoEm: '2026-11-20T10:00:00-03:00',
      },
    },
  });
const handlerWith = (store: DedupeStore) => createWebhookHandler({ verify: () => true, logger: { warn() {}, error() {} }, dedupe: { store }, on: { 'pedido.criado': () => {} } });
const sides = { memory: handlerWith(createMemoryDedupeStore({ maxEntries: 1_000_000 })), redis: handlerWith(redisStore) };

let seq = 0;
/** µs per delivery for one batch, sequential (latency) or 64 in flight (throughput). */
async function batch(handler: ReturnType<typeof handlerWith>, fresh: boolean, inFlight: number): Promise<number> {
  const bodies = Array.from({ length: BATCH }, () => body(fresh ? `evt_b${++seq}` : 'evt_repeated'));
  const start = performance.now();
  for (let i = 0; i < bodies.length; i += inFlight) {
    const results = await Promise.all(bodies.slice(i, i + inFlight).map((b) => handler.handle(b)));
    if (results.some((r) => r.status !== 200)) throw new Error(`unexpected answer ${results.find((r) => r.status !== 200)!.status}`);
  }
  return ((performance.now() - start) * 1000) / BATCH;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
await sides.redis.handle(body('evt_repeated')); // warm-up: connect, record the repeated id
await sides.memory.handle(body('evt_repeated'));
const rows: string[] = [];
for (const [label, fresh, inFlight] of [
  ['new id, one at a time', true, 1],
  ['new id, 64 in flight', true, 64],
  ['repeated id, one at a time', false, 1],
] as const) {
  const times: Record<keyof typeof sides, number[]> = { memory: [], redis: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of ['memory', 'redis'] as const) times[side].push(await batch(sides[side], fresh, inFlight));
  }
  const [m, r] = [median(times.memory), median(times.redis)];
  rows.push(`| ${label} | ${m.toFixed(1)} µs | ${r.toFixed(1)} µs | +${(r - m).toFixed(1)} µs |`);
}
console.log(`Node ${process.version}, redis-server ${server ? 'started by the bench' : url}, ${ROUNDS} rounds of ${BATCH}\n`);
console.log('| delivery | in-memory store | Redis store (loopback) | added by Redis |');
console.log('|---|---|---|---|');
for (const row of rows) console.log(row);
await redisStore.close();
await server?.stop();
