/**
 * CPU cost of checking options: `new PartnerCommerce({...})` (every client option resolved and
 * checked, no call made) and the per-call check of `{ timeoutMs: 10_000 }`, the options the mirror
 * passes on every call. Batches timed by the process's own CPU, so a loaded machine disturbs them less;
 * figure = median per operation over rounds. Paired before/after: run it in two trees in turn.
 *
 * Run: npx tsx bench/options-cost.ts   (results: bench/README.md, "Issue 22, dependency internals")
 */
import { PartnerCommerce } from '../src/index.js';
import { checkRequestOptions } from '../src/transport/request-options.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const BATCH = 2_000;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const fetch = (async () => new Response('{}')) as typeof globalThis.fetch;
const options = { token: 'svc_sbx_bench', baseUrl: 'https://api.example.test', fetch, rateLimit: false, maxRetries: 2, timeoutMs: 10_000, logLevel: 'off' } as const;

let sink: unknown;
const sides: Record<string, () => unknown> = {
  'new PartnerCommerce(...)': () => (sink = new PartnerCommerce(options)),
  'call options { timeoutMs }': () => (sink = checkRequestOptions({ timeoutMs: 10_000 })),
};
const perOp = Object.fromEntries(Object.keys(sides).map((n) => [n, [] as number[]]));
for (const fn of Object.values(sides)) for (let i = 0; i < BATCH; i++) fn();
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, fn] of Object.entries(sides)) {
    const start = cpuMs();
    for (let i = 0; i < BATCH; i++) fn();
    perOp[name]!.push(((cpuMs() - start) * 1000) / BATCH);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(JSON.stringify(Object.fromEntries(Object.entries(perOp).map(([n, xs]) => [n, `${median(xs).toFixed(2)} µs`]))));
void sink;
