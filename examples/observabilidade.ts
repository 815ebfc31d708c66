/**
 * Observability: OpenTelemetry spans and metrics, and hooks, against the testing kit's fake API (no
 * credentials, no network). Run: `npx tsx examples/observabilidade.ts`. Needs the dev packages
 * @opentelemetry/api, @opentelemetry/sdk-trace-base and @opentelemetry/sdk-metrics.
 *
 * The fake answers the first attempt 503 and the second 429, so the span tree shows one operation
 * span with three HTTP client spans (retries by `http.request.resend_count` and
 * `partner_commerce.retry.reason`). Those attempts spend a budget of 2 calls a minute (a 429 does not
 * count, as the spec says), so the next call has to wait for rate budget (`partner_commerce.rate_limit.wait_reason`); its
 * `onRateLimitWait` hook gives up at once rather than wait for the next minute. Spans and metrics go
 * to the console.
 */
import { ConsoleMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, ConsoleSpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { PartnerCommerce, RateLimiter } from 'partner-commerce';
import { createFakeApi } from 'partner-commerce/testing';

const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())] });
const reader = new PeriodicExportingMetricReader({ exporter: new ConsoleMetricExporter(), exportIntervalMillis: 60_000 });
const meterProvider = new MeterProvider({ readers: [reader] });

const fake = createFakeApi();
fake.inject('GET /v1/produtos/:sku', [{ status: 503 }, { status: 429, headers: { 'Retry-After': '0' } }]);

const client = new PartnerCommerce({
  token: 'svc_sbx_exemplo_observabilidade',
  baseUrl: 'https://sandbox.example.test',
  fetch: fake.fetch,
  retryDelayMs: 50,
  rateLimit: new RateLimiter({ perMinute: 2 }),
  // Passed explicitly here; in an app that registered its providers globally (NodeSDK), `telemetry: true`.
  telemetry: { tracerProvider, meterProvider },
  hooks: {
    onRetry: (c) => console.log(`[hook] ${c.operation.name} attempt ${c.attempt} failed (${c.reason}); retrying in ${c.delayMs} ms`),
    onRateLimitWait: (c) => console.log(`[hook] ${c.operation.name} waits for rate budget (${c.wait.reason})`),
    afterResponse: (c) => console.log(`[hook] ${c.operation.route} -> ${c.status} requestId=${c.requestId ?? '-'} remaining=${c.rateLimitRemaining ?? '-'}`),
  },
});

const produto = await client.produtos.obter('SKU-0001');
console.log(`produto ${produto.sku}: ${produto.precoAtacado.toString()}`);

// The minute's budget is spent: an interactive screen would rather say "try again" than wait for it.
const giveUp = new AbortController();
await client.produtos
  .estoque('SKU-0001', { signal: giveUp.signal, hooks: { onRateLimitWait: () => giveUp.abort() } })
  .catch((err: unknown) => console.log(`estoque: ${err instanceof Error ? err.name : String(err)}, gave up waiting for rate budget`));

await reader.forceFlush();
await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
