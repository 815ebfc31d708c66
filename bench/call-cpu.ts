/**
 * CPU of the SDK's own work per call: 30,000 sequential `produtos.obter()` with a `fetch` that answers
 * at once (no network, no server), one client per process. Time whole processes in turn to compare:
 *
 *   /usr/bin/time -v npx tsx bench/call-cpu.ts plain       # the default client
 *   /usr/bin/time -v npx tsx bench/call-cpu.ts telemetry   # telemetry: true, no provider registered
 *   /usr/bin/time -v npx tsx bench/call-cpu.ts hooks       # five no-op hooks
 *   /usr/bin/time -v npx tsx bench/call-cpu.ts limiter     # a client-side limiter in memory (never waits)
 *
 * (results: bench/README.md, "Observability cost", "Issue 22, one observer" and "Rate limiting, one registry")
 */
import { PartnerCommerce } from '../src/index.js';
import { RateLimiter } from '../src/transport/rate-limit/index.js';

const body = JSON.stringify({
  sku: 'SKU-1',
  titulo: 'T',
  imagem: 'https://x/1.jpg',
  precoAtacado: '1.00',
  precoSugerido: '2.00',
  precoAtual: '2.00',
  numeracoes: [],
  categorias: [],
  estilos: [],
  tags: [],
  ativo: true,
  atualizadoEm: '2026-11-20T10:00:00-03:00',
});
const fetch = (async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch;
const mode = process.argv[2] ?? 'plain';
const noop = () => {};
// A budget the 30,000 calls never exhaust: the limiter's work per call, never a wait.
const extra =
  mode === 'limiter'
    ? { rateLimit: new RateLimiter({ perMinute: 1_000_000_000 }) }
    : mode === 'telemetry'
      ? { telemetry: true }
      : mode === 'hooks'
        ? { hooks: { beforeAttempt: noop, afterResponse: noop, afterError: noop, onRetry: noop, onRateLimitWait: noop } }
        : {};
const client = new PartnerCommerce({ token: 'svc_sbx_bench_0000000000000000', baseUrl: 'https://api.example.test', fetch, rateLimit: false as const, logLevel: 'off' as const, ...extra });
for (let i = 0; i < 30_000; i++) await client.produtos.obter('SKU-1');
