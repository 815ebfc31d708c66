import { SpanKind } from '@opentelemetry/api';
import type { DataPoint, Histogram } from '@opentelemetry/sdk-metrics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, TimeoutError } from '../../src/index.js';
import { testClient } from '../helpers/client.js';
import { PRODUTO, hang, json, scriptedFetch } from '../helpers/scripted-fetch.js';
import { inMemoryOtel } from '../telemetry/otel-setup.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A hook's promise that never settles, as a stuck header source would return. */
const never = (): Promise<void> => new Promise<void>(() => undefined);

describe('hooks are bounded by the attempt’s deadline and the caller’s signal', () => {
  it('a beforeAttempt that never settles fails the call with TimeoutError at timeoutMs, nothing sent', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    const later = vi.fn();
    const client = testClient(fetch, { timeoutMs: 1000, maxRetries: 0, hooks: [{ beforeAttempt: never }, { beforeAttempt: later }] });
    let settled = false;
    const outcome = client.produtos
      .obter('SKU-1')
      .catch((x: unknown) => x)
      .finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await outcome;
    expect(e).toBeInstanceOf(TimeoutError);
    expect((e as TimeoutError).timeoutMs).toBe(1000);
    expect((e as TimeoutError).beforeSending).toBe(true);
    expect((e as TimeoutError).message).toMatch(/beforeAttempt/);
    // The stuck hook is given up on: the hooks after it do not run, and nothing is sent.
    expect(later).not.toHaveBeenCalled();
    expect(seen).toHaveLength(0);
  });

  it('the timed-out attempt is retried as a timeout is; afterError and onRetry see it', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    const events: string[] = [];
    const client = testClient(fetch, {
      timeoutMs: 1000,
      maxRetries: 1,
      hooks: {
        beforeAttempt: (c) => (c.attempt === 1 ? never() : undefined),
        afterError: (c) => void events.push(`afterError:${c.attempt}:${c.error.name}`),
        onRetry: (c) => void events.push(`onRetry:${c.attempt}:${c.reason}`),
      },
    });
    const outcome = client.produtos.obter('SKU-1');
    await vi.advanceTimersByTimeAsync(1000);
    expect((await outcome).sku).toBe(PRODUTO.sku);
    expect(events).toEqual(['afterError:1:TimeoutError', 'onRetry:1:timeout']);
    expect(seen).toHaveLength(1);
  });

  it('the deadline covers the hooks and the exchange together', async () => {
    const { fetch, seen } = scriptedFetch(hang);
    const slowHook = () => new Promise<void>((resolve) => setTimeout(resolve, 600));
    const client = testClient(fetch, { timeoutMs: 1000, maxRetries: 0, hooks: { beforeAttempt: slowHook } });
    let settled = false;
    const outcome = client.produtos
      .obter('SKU-1')
      .catch((x: unknown) => x)
      .finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(600);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(399);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await outcome;
    expect(e).toBeInstanceOf(TimeoutError);
    expect((e as TimeoutError).beforeSending).toBe(false);
  });

  it('a beforeAttempt that never settles gives way to the caller’s abort: AbortError, nothing sent', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    const controller = new AbortController();
    const client = testClient(fetch, { timeoutMs: 60_000, hooks: { beforeAttempt: never } });
    const outcome = client.produtos.obter('SKU-1', { signal: controller.signal }).catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(10);
    const reason = new Error('parceiro desistiu');
    controller.abort(reason);
    const e = await outcome;
    expect(e).toBeInstanceOf(AbortError);
    expect((e as AbortError).cause).toBe(reason);
    expect((e as AbortError).beforeSending).toBe(true);
    expect(seen).toHaveLength(0);
    // No timer is left behind for the abandoned hook: the call's deadline was cleared with it.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the hooks the client does not await never hold a call, even when they never settle', async () => {
    const { fetch } = scriptedFetch(
      () => json(503, { codigo: 'SERVICO_INDISPONIVEL', mensagem: 'x' }),
      () => json(200, PRODUTO),
    );
    const client = testClient(fetch, { maxRetries: 1, hooks: { afterResponse: never, afterError: never, onRetry: never, onRateLimitWait: never } });
    expect((await client.produtos.obter('SKU-1')).sku).toBe(PRODUTO.sku);
  });

  it('an attempt given up on in its hook is traced as a timeout, with no HTTP request duration (nothing was sent)', async () => {
    const otel = inMemoryOtel();
    const { fetch } = scriptedFetch(() => json(200, PRODUTO));
    const client = testClient(fetch, { timeoutMs: 1000, maxRetries: 0, telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider } });
    // A first call loads the tracing code (a dynamic import, real I/O the fake clock does not drive).
    await client.produtos.obter('SKU-1');
    const outcome = client.produtos.obter('SKU-1', { hooks: { beforeAttempt: never } }).catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toBeInstanceOf(TimeoutError);
    // The metric reader's flush runs on timers of its own.
    vi.useRealTimers();
    expect(otel.spans().map((s) => [SpanKind[s.kind], s.attributes['error.type']])).toEqual([
      ['CLIENT', undefined],
      ['INTERNAL', undefined],
      ['INTERNAL', 'TimeoutError'],
    ]);
    // One request duration: the first call's. The attempt that timed out in its hook sent nothing.
    const durations = (await otel.metrics()).get('http.client.request.duration')!.dataPoints as DataPoint<Histogram>[];
    expect(durations.map((p) => [p.attributes['http.response.status_code'], p.attributes['error.type'], p.value.count])).toEqual([[200, undefined, 1]]);
    await otel.shutdown();
  });
});
