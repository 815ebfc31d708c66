/**
 * One budget for several processes: real worker processes (test/redis/fixtures/budget-worker.ts)
 * against the testing kit's HTTP server with its rate limit on, scaled to 20 calls per 2 s, each
 * scenario run with the Redis budget store and side by side with today's in-process store.
 *
 *   npx tsx bench/shared-budget.ts            (needs redis-server on the PATH)
 *
 * Prints Markdown tables: 429s, utilisation, fairness (1, 3, 8 processes at equal work), priority
 * waits (an interactive caller while 8 processes keep a bulk backlog), and the per-call cost of a
 * store with budget left. Figures go to bench/README.md.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createRedisBudgetStore } from '../src/redis/budget-store.js';
import { MemoryBudgetStore } from '../src/transport/rate-limit/index.js';
import { createFakeApi } from '../src/testing/index.js';
import { startRedis } from '../test/redis/redis-server.js';

const LIMIT = 20;
const WINDOW_MS = 2_000;
const TOTAL_CALLS = 120;
const worker = fileURLToPath(new URL('../test/redis/fixtures/budget-worker.ts', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

type Line = Record<string, number | boolean | string>;
interface Run {
  lines: Line[][];
  summaries: Line[];
}

const redis = await startRedis();
let runs = 0;

async function run(mode: string, groups: { count: number; env: Record<string, string> }[]): Promise<Run> {
  // A fresh fake server per run: its windows and counters start from nothing.
  const server = await createFakeApi({ rateLimit: { perMinute: LIMIT, windowMs: WINDOW_MS } }).listen();
  const key = `bench-${++runs}`;
  const token = `svc_sbx_bench_${runs}`;
  const children = groups.flatMap((g) =>
    Array.from({ length: g.count }, () =>
      spawn(process.execPath, ['--import', 'tsx', worker], {
        cwd: root,
        env: { ...process.env, MODE: mode, REDIS_URL: redis.url, KEY: key, BASE_URL: server.url, PER_WINDOW: String(LIMIT), WINDOW_MS: String(WINDOW_MS), TOKEN: token, ...g.env },
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    ),
  );
  const lines: Line[][] = children.map(() => []);
  const ready = children.map(
    (child, i) =>
      new Promise<void>((resolve) => {
        createInterface({ input: child.stdout }).on('line', (text) => {
          const line = JSON.parse(text) as Line;
          lines[i]!.push(line);
          if (line.ready) resolve();
        });
      }),
  );
  await Promise.all(ready);
  const exited = children.map((child) => new Promise<void>((resolve) => child.once('exit', () => resolve())));
  for (const child of children) child.stdin.write('go\n');
  await Promise.all(exited);
  await server.close();
  return { lines, summaries: lines.map((l) => l.find((x) => x.done === true)!) };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

console.log(`## Shared budget: ${LIMIT} calls per ${WINDOW_MS / 1000} s, ${TOTAL_CALLS} GETs in all (equal work per process, 4 lanes each)\n`);
console.log('| processes | store | 429s | 429s after the first window | elapsed | utilisation | fairness (slowest / fastest) |');
console.log('|---|---|---|---|---|---|---|');
for (const n of [1, 3, 8]) {
  for (const mode of ['memory', 'redis']) {
    const calls = Math.ceil(TOTAL_CALLS / n);
    const { lines, summaries } = await run(mode, [{ count: n, env: { CALLS: String(calls) } }]);
    const refused = summaries.reduce((s, x) => s + Number(x.refused), 0);
    const late = lines.flat().filter((l) => typeof l.refusedAt === 'number' && l.refusedAt > WINDOW_MS).length;
    const times = summaries.map((x) => Number(x.elapsedMs));
    const elapsed = Math.max(...times);
    const done = lines.flat().filter((l) => l.status === 200).length;
    const allowed = LIMIT * Math.ceil(elapsed / WINDOW_MS);
    console.log(
      `| ${n} | ${mode === 'redis' ? 'Redis' : 'in-process'} | ${refused} | ${late} | ${(elapsed / 1000).toFixed(1)} s | ${(done / allowed).toFixed(2)} | ${(elapsed / Math.min(...times)).toFixed(2)} |`,
    );
  }
}

console.log(`\n## Priority: one interactive caller (10 calls, 300 ms apart, from 1 s on) while 8 processes keep a bulk backlog\n`);
console.log('| store | interactive wait for budget p50 | p99 | max | bulk 429s | one slot (windowMs / limit) |');
console.log('|---|---|---|---|---|---|');
for (const mode of ['memory', 'redis']) {
  const { lines, summaries } = await run(mode, [
    { count: 8, env: { CALLS: '30', PRIORITY: 'bulk' } },
    { count: 1, env: { CALLS: '10', PRIORITY: 'interactive', CONCURRENCY: '1', GAP_MS: '300', START_DELAY_MS: '1000' } },
  ]);
  // The wait for budget: from asking to the request leaving (the call's own round trip is not a wait).
  const waits = lines[8]!.filter((l) => typeof l.call === 'number').map((l) => Number(l.sentAfterMs));
  const refused = summaries.slice(0, 8).reduce((s, x) => s + Number(x.refused), 0);
  console.log(`| ${mode === 'redis' ? 'Redis' : 'in-process'} | ${percentile(waits, 50)} ms | ${percentile(waits, 99)} ms | ${Math.max(...waits)} ms | ${refused} | ${WINDOW_MS / LIMIT} ms |`);
  console.error(`  (${mode} interactive waits in call order: ${waits.join(', ')} ms)`);
}

console.log(`\n## Per-call cost of a store with budget left (take + settle, sequential, 2,000 calls, median)\n`);
const costs: Record<string, number> = {};
for (const mode of ['memory', 'redis']) {
  const store =
    mode === 'redis' ? createRedisBudgetStore({ redis: redis.url, key: 'cost', perMinute: 1_000_000_000, windowMs: 60_000 }) : new MemoryBudgetStore({ perMinute: 1_000_000_000, windowMs: 60_000 });
  const samples: number[] = [];
  for (let i = 0; i < 2_200; i++) {
    const t0 = performance.now();
    const take = await store.tryTake(Date.now(), { priority: 'normal', waiterId: `w${i}` });
    if (take.granted) await store.settle(take.ticket, { kind: 'answered', observation: { status: 200 } }, Date.now());
    if (i >= 200) samples.push((performance.now() - t0) * 1000);
  }
  costs[mode] = percentile(samples, 50);
  if ('close' in store) await store.close();
}
console.log('| store | µs per call |');
console.log('|---|---|');
console.log(`| in-process | ${costs.memory!.toFixed(1)} |`);
console.log(`| Redis (loopback, node-redis) | ${costs.redis!.toFixed(1)} |`);

await redis.stop();
process.exit(0);
