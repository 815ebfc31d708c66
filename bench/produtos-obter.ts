/**
 * Per-call cost of `client.produtos.obter()` against a loopback node:http server, next to plain
 * `fetch` + `res.json()` to the same server, sequential and at concurrency 10; with the server in
 * the benchmark's own process, then in a separate process (as a real API is). The SDK runs with
 * everything on: response validation and the rate limiter (set high enough not to bind). ky alone
 * and ky + the product schema are measured beside them, to show where the time goes.
 * BENCH_OBSERVED=1 adds two sides: the SDK with `telemetry: true` and no OpenTelemetry provider
 * registered (the API's no-op tracer and meter), and the SDK with one no-op hook of each kind.
 *
 * Run: npm run bench   (results: bench/README.md)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import ky from 'ky';
import { PartnerCommerce } from '../src/index.js';
import { produtoSchema } from '../src/models/produto.js';
// @ts-expect-error a plain .mjs module without types, shared with the separate-process layout
import { startLoopbackServer } from './loopback-server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 400);
const TOKEN = 'svc_sbx_bench_0000000000000000';

/** The server in this process (its work shares the client's event loop) or in a child process. */
async function startServer(layout: 'same process' | 'own process'): Promise<{ port: number; close: () => void }> {
  if (layout === 'same process') return startLoopbackServer() as Promise<{ port: number; close: () => void }>;
  const child = spawn(process.execPath, [fileURLToPath(new URL('./loopback-server.mjs', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return { port: Number(chunk.toString().trim()), close: () => child.stdin.end() };
}

const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };
const OBSERVED = process.env.BENCH_OBSERVED === '1';
const ALL_NAMES = ['fetch', 'ky', 'ky + zod', 'sdk', 'sdk + telemetry', 'sdk + hooks'] as const;
type Side = (typeof ALL_NAMES)[number];
const NAMES: readonly Side[] = OBSERVED ? ALL_NAMES : ALL_NAMES.slice(0, 4);

/** The sides measured against `baseUrl`, alternated call by call; the middle two show what ky and zod cost alone. */
function sidesFor(baseUrl: string): Record<Side, () => Promise<unknown>> {
  const url = `${baseUrl}/v1/produtos/SKU-1`;
  const options = { token: TOKEN, baseUrl, rateLimit: process.env.BENCH_NO_LIMITER ? false : { perMinute: 1_000_000 }, logLevel: 'off' } as const;
  const client = new PartnerCommerce(options);
  const traced = new PartnerCommerce({ ...options, telemetry: true });
  const noop = () => {};
  const hooked = new PartnerCommerce({ ...options, hooks: { beforeAttempt: noop, afterResponse: noop, afterError: noop, onRetry: noop, onRateLimitWait: noop } });
  return {
    fetch: async () => (await fetch(url, { headers })).json(),
    ky: async () => JSON.parse(await (await ky(url, { headers, retry: 0, timeout: false, throwHttpErrors: false })).text()),
    'ky + zod': async () => produtoSchema().parse(JSON.parse(await (await ky(url, { headers, retry: 0, timeout: false, throwHttpErrors: false })).text())),
    sdk: () => client.produtos.obter('SKU-1'),
    'sdk + telemetry': () => traced.produtos.obter('SKU-1'),
    'sdk + hooks': () => hooked.produtos.obter('SKU-1'),
  };
}

/**
 * Latencies of `calls` calls of each side, made by `concurrency` workers that rotate through the
 * sides call by call: every side sees the same load, warm-up and machine drift.
 */
async function measure(sides: Record<Side, () => Promise<unknown>>, calls: number, concurrency: number): Promise<Record<Side, number[]>> {
  const out = Object.fromEntries(ALL_NAMES.map((n) => [n, [] as number[]])) as Record<Side, number[]>;
  let left = calls;
  const worker = async (w: number) => {
    for (let i = w; left-- > 0; i++) {
      for (let j = 0; j < NAMES.length; j++) {
        const side = NAMES[(i + j) % NAMES.length]!;
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

for (const layout of ['same process', 'own process'] as const) {
  const { port, close } = await startServer(layout);
  const sides = sidesFor(`http://127.0.0.1:${port}`);
  console.log(`\nServer in ${layout}. Median per call, ${ROUNDS * CALLS} calls per side, Node ${process.version}`);
  console.log(`| mode | ${NAMES.join(' | ')} |`);
  console.log(`|---|${NAMES.map(() => '---').join('|')}|`);
  for (const concurrency of [1, 10]) {
    await measure(sides, 300, concurrency); // warm-up: JIT, connection pool, limiter state
    const times = await measure(sides, ROUNDS * CALLS, concurrency);
    const base = median(times.fetch);
    const cells = NAMES.map((n) => `${(median(times[n]) * 1000).toFixed(0)} µs (${(median(times[n]) / base).toFixed(2)}x)`);
    console.log(`| ${concurrency === 1 ? 'sequential' : `concurrency ${concurrency}`} | ${cells.join(' | ')} |`);
  }
  close();
}
