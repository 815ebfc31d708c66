import { context, propagation, trace, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { isTracingSuppressed, W3CTraceContextPropagator } from '@opentelemetry/core';
import type { DataPoint, Histogram, MetricData } from '@opentelemetry/sdk-metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, RateLimiter, type Telemetry } from '../../src/index.js';
import { testClient } from '../helpers/client.js';
import { onFakeClock } from '../helpers/fake-time.js';
import { ClientTelemetry } from '../../src/telemetry/client-telemetry.js';
import { PRODUTO, SANDBOX_TOKEN, apiError, json, refused, scriptedFetch } from '../helpers/scripted-fetch.js';
import { inMemoryOtel } from './otel-setup.js';

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});
afterAll(() => {
  context.disable();
  propagation.disable();
});

const points = (m: MetricData | undefined) => (m?.dataPoints ?? []) as DataPoint<unknown>[];

describe('OpenTelemetry', () => {
  it('a call with two retries and a wait for budget: one operation span, three HTTP client spans, the metrics', async () => {
    const otel = inMemoryOtel();
    const { fetch } = scriptedFetch(
      () => apiError(503, 'SERVICO_INDISPONIVEL', {}, { 'x-request-id': 'req_1' }),
      () => apiError(429, 'LIMITE_EXCEDIDO', {}, { 'retry-after': '0', 'x-request-id': 'req_2' }),
      () => json(200, PRODUTO, { 'x-request-id': 'req_3', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '41', 'x-ratelimit-reset': '30' }),
    );
    // One call a minute on a fake clock: the first retry (backoff 0) waits for the local window,
    // however slow the machine; the 429 did not count against the budget (the server refused it), so
    // the second retry does not wait.
    const client = testClient(fetch, { rateLimit: new RateLimiter({ perMinute: 1, windowMs: 60_000 }), telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider } });
    await onFakeClock(() => client.produtos.obter('SKU-1'));

    const spans = otel.spans();
    expect(spans.map((s) => [s.name, SpanKind[s.kind]])).toEqual([
      ['GET /v1/produtos/{sku}', 'CLIENT'],
      ['GET /v1/produtos/{sku}', 'CLIENT'],
      ['GET /v1/produtos/{sku}', 'CLIENT'],
      ['GET /v1/produtos/{sku}', 'INTERNAL'],
    ]);
    const op = spans[3]!;
    const attempts = spans.slice(0, 3);
    for (const a of attempts) {
      expect(a.parentSpanContext?.spanId).toBe(op.spanContext().spanId);
      expect(a.spanContext().traceId).toBe(op.spanContext().traceId);
    }
    expect(op.parentSpanContext).toBeUndefined();
    expect(op.attributes).toMatchObject({
      'partner_commerce.operation': 'produtos.obter',
      'http.request.method': 'GET',
      'url.template': '/v1/produtos/{sku}',
      'server.address': 'api.example.test',
      'server.port': 443,
      'http.response.status_code': 200,
      'partner_commerce.attempts': 3,
      'partner_commerce.request_id': 'req_3',
      'partner_commerce.rate_limit.remaining': 41,
    });
    expect(op.status.code).toBe(SpanStatusCode.UNSET);
    expect(op.events.map((e) => e.name)).toEqual(['partner_commerce.rate_limit.wait']);
    expect(op.events[0]!.attributes).toMatchObject({ 'partner_commerce.rate_limit.wait_reason': expect.any(String), 'partner_commerce.rate_limit.wait_ms': expect.any(Number) });

    expect(attempts.map((a) => a.attributes['http.response.status_code'])).toEqual([503, 429, 200]);
    expect(attempts.map((a) => a.attributes['http.request.resend_count'])).toEqual([undefined, 1, 2]);
    expect(attempts.map((a) => a.attributes['error.type'])).toEqual(['503', '429', undefined]);
    expect(attempts.map((a) => a.attributes['partner_commerce.retry.reason'])).toEqual([undefined, 'server_error', 'rate_limited']);
    expect(attempts.map((a) => a.status.code)).toEqual([SpanStatusCode.ERROR, SpanStatusCode.ERROR, SpanStatusCode.UNSET]);
    expect(attempts.map((a) => a.attributes['partner_commerce.request_id'])).toEqual(['req_1', 'req_2', 'req_3']);
    expect(attempts[0]!.attributes['partner_commerce.rate_limit.wait_ms']).toBeUndefined();
    expect(attempts[1]!.attributes['partner_commerce.rate_limit.wait_ms']).toEqual(expect.any(Number));
    expect(attempts[1]!.attributes['partner_commerce.rate_limit.wait_reason']).toBe('window');
    expect(attempts[2]!.attributes['partner_commerce.rate_limit.wait_ms']).toBeUndefined();
    for (const a of attempts) {
      expect(a.attributes).toMatchObject({
        'http.request.method': 'GET',
        'url.template': '/v1/produtos/{sku}',
        'server.address': 'api.example.test',
        'server.port': 443,
        'url.full': 'https://api.example.test/v1/produtos/SKU-1',
      });
    }

    const metrics = await otel.metrics();
    const durations = points(metrics.get('http.client.request.duration')) as DataPoint<Histogram>[];
    expect(metrics.get('http.client.request.duration')?.descriptor.unit).toBe('s');
    expect(durations.map((p) => [p.attributes['http.response.status_code'], p.attributes['error.type'], p.value.count]).sort()).toEqual([
      [200, undefined, 1],
      [429, '429', 1],
      [503, '503', 1],
    ]);
    expect(durations[0]!.attributes).toMatchObject({ 'http.request.method': 'GET', 'url.template': '/v1/produtos/{sku}', 'server.address': 'api.example.test' });
    const retries = points(metrics.get('partner_commerce.retries'));
    expect(retries.map((p) => [p.attributes['partner_commerce.retry.reason'], p.value]).sort()).toEqual([
      ['rate_limited', 1],
      ['server_error', 1],
    ]);
    expect(points(metrics.get('partner_commerce.rate_limit.rejections')).map((p) => p.value)).toEqual([1]);
    const waits = points(metrics.get('partner_commerce.rate_limit.wait.duration')) as DataPoint<Histogram>[];
    expect(waits.reduce((n, p) => n + p.value.count, 0)).toBe(1);
    expect(waits[0]!.attributes['partner_commerce.rate_limit.wait_reason']).toBe('window');
    expect(waits[0]!.attributes['partner_commerce.priority']).toBe('normal');
    expect(points(metrics.get('partner_commerce.rate_limit.remaining')).map((p) => p.value)).toEqual([41]);
    await otel.shutdown();
  });

  it('a call given up while it waits for budget still shows the wait: the event on its span and the wait metric', async () => {
    const otel = inMemoryOtel();
    const answered = scriptedFetch(() => json(200, PRODUTO));
    const client = testClient(answered.fetch, {
      rateLimit: new RateLimiter({ perMinute: 1, windowMs: 60_000 }),
      telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider },
    });
    await client.produtos.obter('SKU-1');
    const giveUp = new AbortController();
    const failure = await client.produtos.obter('SKU-1', { signal: giveUp.signal, hooks: { onRateLimitWait: () => giveUp.abort() } }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toMatchObject({ name: 'AbortError', beforeSending: true });
    expect(answered.seen).toHaveLength(1);

    const op = otel.spans().at(-1)!;
    expect(op.kind).toBe(SpanKind.INTERNAL);
    expect(op.attributes['error.type']).toBe('AbortError');
    expect(op.events.map((e) => [e.name, e.attributes?.['partner_commerce.rate_limit.wait_reason']])).toEqual([['partner_commerce.rate_limit.wait', 'window']]);
    const waits = points((await otel.metrics()).get('partner_commerce.rate_limit.wait.duration')) as DataPoint<Histogram>[];
    expect(waits.reduce((n, p) => n + p.value.count, 0)).toBe(1);
    await otel.shutdown();
  });

  it('nothing about the token or the Idempotency-Key appears in any span, event or metric', async () => {
    const otel = inMemoryOtel();
    const key = 'chave-secreta-pedido-9981';
    const { fetch } = scriptedFetch(
      () => apiError(500, 'ERRO_INTERNO', { mensagem: `falha ${SANDBOX_TOKEN} ${key}` }, { 'x-request-id': 'req_a' }),
      () => json(201, { id: 'cli_1' }, { 'x-request-id': 'req_b' }),
    );
    const client = testClient(fetch, { telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider, propagateContext: true } });
    await client.request('POST', '/v1/clientes', { body: { nome: 'x' }, idempotencyKey: key });
    await client.produtos.obter('SKU-1', { idempotencyKey: key }).catch(() => undefined);
    const spans = otel.spans();
    expect(spans.length).toBeGreaterThanOrEqual(4);
    const text = JSON.stringify({
      spans: spans.map((s) => ({ name: s.name, attributes: s.attributes, events: s.events, status: s.status, links: s.links, resource: s.resource.attributes })),
      metrics: [...(await otel.metrics()).values()].map((m) => ({ descriptor: m.descriptor, points: m.dataPoints })),
    });
    expect(text).not.toContain(SANDBOX_TOKEN.slice(8));
    expect(text).not.toContain(key);
    await otel.shutdown();
  });

  it('is a child of the caller’s active span, and a raw request is named by its method alone', async () => {
    const otel = inMemoryOtel();
    const { fetch } = scriptedFetch(() => json(200, { ok: true }));
    const client = testClient(fetch, { telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider } });
    const tracer = otel.tracerProvider.getTracer('app');
    await tracer.startActiveSpan('handle order', async (parent) => {
      await client.request('GET', '/v1/produtos/SKU-9');
      parent.end();
    });
    const [attempt, op, parent] = otel.spans();
    expect([attempt!.name, op!.name, parent!.name]).toEqual(['GET', 'GET', 'handle order']);
    expect(op!.parentSpanContext?.spanId).toBe(parent!.spanContext().spanId);
    expect(op!.attributes['url.template']).toBeUndefined();
    expect(op!.attributes['partner_commerce.operation']).toBe('request');
    await otel.shutdown();
  });

  it('an attempt without an answer and a call that fails: error.type by class, then by status; both spans ERROR', async () => {
    const otel = inMemoryOtel();
    const { fetch } = scriptedFetch(refused, () => apiError(404, 'NAO_ENCONTRADO', {}, { 'x-request-id': 'req_404' }));
    const client = testClient(fetch, { telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider } });
    await expect(client.produtos.obter('SKU-404')).rejects.toMatchObject({ status: 404 });
    const [first, second, op] = otel.spans();
    expect([first, second, op].map((s) => [s!.name, SpanKind[s!.kind], s!.status.code])).toEqual([
      ['GET /v1/produtos/{sku}', 'CLIENT', SpanStatusCode.ERROR],
      ['GET /v1/produtos/{sku}', 'CLIENT', SpanStatusCode.ERROR],
      ['GET /v1/produtos/{sku}', 'INTERNAL', SpanStatusCode.ERROR],
    ]);
    expect(first!.attributes['error.type']).toBe('ConnectionError');
    expect(first!.attributes['http.response.status_code']).toBeUndefined();
    expect(second!.attributes).toMatchObject({
      'error.type': '404',
      'http.response.status_code': 404,
      'http.request.resend_count': 1,
      'partner_commerce.retry.reason': 'connection',
      'partner_commerce.request_id': 'req_404',
    });
    expect(op!.attributes).toMatchObject({ 'error.type': '404', 'http.response.status_code': 404, 'partner_commerce.attempts': 2 });
    const metrics = await otel.metrics();
    const durations = points(metrics.get('http.client.request.duration')) as DataPoint<Histogram>[];
    expect(durations.map((p) => [p.attributes['error.type'], p.attributes['http.response.status_code']]).sort()).toEqual([
      ['404', 404],
      ['ConnectionError', undefined],
    ]);
    expect(points(metrics.get('partner_commerce.retries')).map((p) => [p.attributes['partner_commerce.retry.reason'], p.value])).toEqual([['connection', 1]]);
    expect(metrics.has('partner_commerce.rate_limit.rejections')).toBe(false);
    await otel.shutdown();
  });

  it('with no provider registered, a call runs as a plain one: no trace, no observer', async () => {
    const call = { operation: 'produtos.obter', method: 'GET', route: '/v1/produtos/{sku}', serverAddress: 'api.example.test', serverPort: 443, idempotencyKey: 'k', priority: 'normal' };
    const missing: string[] = [];
    const telemetry = new ClientTelemetry(
      { tracerProvider: undefined, meterProvider: undefined, propagateContext: true, attemptSpans: true, recordQueryValues: false },
      () => void missing.push('missing'),
    );
    expect(await telemetry.startCall(call)).toBeUndefined();
    expect(await telemetry.startCall(call)).toBeUndefined();
    expect(missing).toEqual([]);
    // Through a client: no traceparent even with propagateContext, and the runtime's fetch is not suppressed.
    const suppressed: boolean[] = [];
    const { fetch, seen } = scriptedFetch(() => {
      suppressed.push(isTracingSuppressed(context.active()));
      return json(200, PRODUTO);
    });
    const client = testClient(fetch, { telemetry: { propagateContext: true } });
    await client.produtos.obter('SKU-1');
    await client.produtos.obter('SKU-1');
    expect(seen.map((r) => r.headers.get('traceparent'))).toEqual([null, null]);
    expect(suppressed).toEqual([false, false]);
  });

  it('sends traceparent only with propagateContext, naming the attempt span', async () => {
    const otel = inMemoryOtel();
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    const providers = { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider };
    await testClient(fetch, { telemetry: providers }).produtos.obter('SKU-1');
    await testClient(fetch, { telemetry: { ...providers, propagateContext: true } }).produtos.obter('SKU-1');
    expect(seen[0]!.headers.get('traceparent')).toBeNull();
    const sent = seen[1]!.headers.get('traceparent');
    const attempt = otel.spans().filter((s) => s.kind === SpanKind.CLIENT)[1]!;
    expect(sent).toBe(`00-${attempt.spanContext().traceId}-${attempt.spanContext().spanId}-01`);
    await otel.shutdown();
  });

  it('suppresses the runtime’s fetch spans under its attempt span; attemptSpans: false keeps them instead', async () => {
    const otel = inMemoryOtel();
    const seenInFetch: { suppressed: boolean; spanId: string | undefined }[] = [];
    const fetch = (async () => {
      const active = context.active();
      seenInFetch.push({ suppressed: isTracingSuppressed(active), spanId: trace.getSpan(active)?.spanContext().spanId });
      return json(200, PRODUTO);
    }) as typeof globalThis.fetch;
    const providers = { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider };
    await testClient(fetch, { telemetry: providers }).produtos.obter('SKU-1');
    await testClient(fetch, { telemetry: { ...providers, attemptSpans: false } }).produtos.obter('SKU-1');
    const spans = otel.spans();
    expect(spans.map((s) => SpanKind[s.kind])).toEqual(['CLIENT', 'INTERNAL', 'INTERNAL']);
    expect(seenInFetch[0]).toEqual({ suppressed: true, spanId: spans[0]!.spanContext().spanId });
    // Without attempt spans the runtime's fetch span would be the HTTP span, a child of the operation's.
    expect(seenInFetch[1]).toEqual({ suppressed: false, spanId: spans[2]!.spanContext().spanId });
    await otel.shutdown();
  });

  it('uses the global providers with telemetry: true, even when registered after the client was made', async () => {
    const otel = inMemoryOtel();
    const { fetch } = scriptedFetch(() => json(200, PRODUTO));
    const client = testClient(fetch, { telemetry: true });
    const { metrics } = await import('@opentelemetry/api');
    trace.setGlobalTracerProvider(otel.tracerProvider);
    metrics.setGlobalMeterProvider(otel.meterProvider);
    try {
      await client.produtos.obter('SKU-1');
      expect(otel.spans().map((s) => s.name)).toEqual(['GET /v1/produtos/{sku}', 'GET /v1/produtos/{sku}']);
      expect((await otel.metrics()).has('http.client.request.duration')).toBe(true);
    } finally {
      trace.disable();
      metrics.disable();
      await otel.shutdown();
    }
  });

  it('checks the option, naming the field', () => {
    const { fetch } = scriptedFetch(() => json(200, PRODUTO));
    const bad = (telemetry: unknown) => () => testClient(fetch, { telemetry: telemetry as Telemetry.TelemetryOption });
    expect(bad('yes')).toThrow(InvalidInputError);
    expect(bad('yes')).toThrow(/telemetry: must be true, false or \{ tracerProvider, meterProvider, propagateContext, attemptSpans, recordQueryValues \}/);
    expect(bad({ tracerProvider: {} })).toThrow(/telemetry\.tracerProvider: must be an OpenTelemetry TracerProvider/);
    expect(bad({ meterProvider: { getMeter: 1 } })).toThrow(/telemetry\.meterProvider/);
    expect(bad({ propagate: true })).toThrow(/telemetry\.propagate: is not an option of telemetry/);
    expect(bad({ propagateContext: 'yes' })).toThrow(/telemetry\.propagateContext: must be true or false/);
  });
});
