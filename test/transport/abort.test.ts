import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, PartnerCommerce, PartnerCommerceError, RateLimiter } from '../../src/index.js';
import { fetchChangelog } from '../../src/index.js';
import { testClient } from '../helpers/client.js';
import { BASE_URL, SANDBOX_TOKEN, apiError, hang, json, scriptedFetch } from '../helpers/scripted-fetch.js';

const corpo = { itens: [{ sku: 'SKU-1', numeracao: '38', quantidade: 1 }] };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function expectAbort(e: unknown, reason: unknown, beforeSending: boolean): AbortError {
  expect(e).toBeInstanceOf(AbortError);
  expect(e).toBeInstanceOf(PartnerCommerceError);
  const abort = e as AbortError;
  expect(abort.cause).toBe(reason);
  expect(abort.beforeSending).toBe(beforeSending);
  expect(abort.name).toBe('AbortError');
  return abort;
}

describe('an aborted call rejects with the SDK AbortError', () => {
  it('aborted before it starts: nothing sent, the creation key is on the error', async () => {
    const { fetch, seen } = scriptedFetch(() => json(201, {}));
    const reason = new Error('já cancelado');
    const e = await testClient(fetch)
      .pedidos.criar(corpo as never, { signal: AbortSignal.abort(reason), idempotencyKey: 'chave-1' })
      .catch((x: unknown) => x);
    expect(expectAbort(e, reason, true).idempotencyKey).toBe('chave-1');
    expect(seen).toHaveLength(0);
  });

  it('aborted while the request is in flight: may have reached the server, key kept', async () => {
    const { fetch, seen } = scriptedFetch(hang);
    const controller = new AbortController();
    const inFlight = testClient(fetch)
      .pedidos.criar(corpo as never, { signal: controller.signal })
      .catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(5);
    const reason = 'parceiro desistiu';
    controller.abort(reason);
    const e = expectAbort(await inFlight, reason, false);
    expect(e.idempotencyKey).toBe(seen[0]?.headers.get('idempotency-key'));
    expect(e.message).toContain('may have reached the server');
  });

  it('aborted during a backoff wait after a 503: not before sending, key kept, no further attempt', async () => {
    const { fetch, seen } = scriptedFetch(() => apiError(503, 'SERVICO_INDISPONIVEL'));
    const controller = new AbortController();
    const outcome = testClient(fetch, { retryDelayMs: 10_000 })
      .pedidos.criar(corpo as never, { signal: controller.signal, idempotencyKey: 'chave-2' })
      .catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(100);
    const reason = new Error('chega');
    controller.abort(reason);
    expect(expectAbort(await outcome, reason, false).idempotencyKey).toBe('chave-2');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toHaveLength(1);
  });

  it('aborted while waiting for rate budget: nothing sent', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    const client = new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: new RateLimiter({ perMinute: 1 }), logLevel: 'off' });
    await client.request('GET', '/v1/conta');
    const controller = new AbortController();
    const waiting = client.request('POST', '/v1/pedidos', { body: corpo, signal: controller.signal, idempotencyKey: 'chave-3' }).catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(1_000);
    const reason = new Error('sem tempo');
    controller.abort(reason);
    expect(expectAbort(await waiting, reason, true).idempotencyKey).toBe('chave-3');
    expect(seen).toHaveLength(1);
  });

  it('fetchChangelog aborted rejects with AbortError too', async () => {
    const { fetch } = scriptedFetch(hang);
    const controller = new AbortController();
    const outcome = fetchChangelog('https://docs.example.test', { fetch, signal: controller.signal }).catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(5);
    const reason = new Error('parar');
    controller.abort(reason);
    expectAbort(await outcome, reason, false);
  });
});
