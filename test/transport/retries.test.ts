import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, ApiError, ConnectionError, TimeoutError } from '../../src/index.js';
import { testClient } from '../helpers/client.js';
import { PRODUTO, apiError, hang, json, refused, reset, scriptedFetch } from '../helpers/scripted-fetch.js';

/** Lets every pending promise and due timer run, without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('retries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0); // no jitter: waits are exactly 1 s, 2 s, 4 s
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('back off 1 s, 2 s, 4 s on 5xx for a GET, then surface the ApiError after maxRetries', async () => {
    const { fetch, seen } = scriptedFetch(() => apiError(503, 'SERVICO_INDISPONIVEL'));
    const call = testClient(fetch, { retryDelayMs: 1000 }).produtos.obter('SKU-1');
    const outcome = call.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await settle();
    expect(seen).toHaveLength(1);
    for (const [wait, attempts] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(seen).toHaveLength(attempts - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(seen).toHaveLength(attempts);
    }
    const err = await outcome;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
    expect(seen).toHaveLength(4);
  });

  it('retry 500, 502, 503 and 504, and succeed when the server recovers', async () => {
    for (const status of [500, 502, 503, 504]) {
      const { fetch, seen } = scriptedFetch(
        () => new Response('bad gateway', { status }),
        () => json(200, PRODUTO),
      );
      const call = testClient(fetch, { retryDelayMs: 10 }).produtos.obter('SKU-1');
      await vi.advanceTimersByTimeAsync(10);
      await expect(call).resolves.toMatchObject({ sku: 'SKU-1' });
      expect(seen).toHaveLength(2);
    }
  });

  it('apply jitter that only ever shortens the nominal wait', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const { fetch, seen } = scriptedFetch(
      () => apiError(500, 'ERRO_INTERNO'),
      () => json(200, PRODUTO),
    );
    const call = testClient(fetch, { retryDelayMs: 1000 }).produtos.obter('SKU-1');
    await vi.advanceTimersByTimeAsync(749);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(seen).toHaveLength(2);
    await expect(call).resolves.toBeDefined();
  });

  it('wait Retry-After seconds on 429, then retry', async () => {
    const { fetch, seen } = scriptedFetch(
      () => apiError(429, 'LIMITE_EXCEDIDO', {}, { 'retry-after': '3' }),
      () => json(200, PRODUTO),
    );
    const call = testClient(fetch).produtos.obter('SKU-1');
    await vi.advanceTimersByTimeAsync(2999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toHaveLength(2);
    await expect(call).resolves.toMatchObject({ sku: 'SKU-1' });
  });

  it('wait for X-RateLimit-Reset on a 429 without Retry-After', async () => {
    const { fetch, seen } = scriptedFetch(
      () => apiError(429, 'LIMITE_EXCEDIDO', {}, { 'x-ratelimit-reset': '5' }),
      () => json(200, PRODUTO),
    );
    const call = testClient(fetch).produtos.obter('SKU-1');
    await vi.advanceTimersByTimeAsync(4999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toBeDefined();
  });

  it.each([400, 401, 403, 404, 409, 422])('never repeat a %i', async (status) => {
    const { fetch, seen } = scriptedFetch(() => apiError(status, 'QUALQUER'));
    const err = await testClient(fetch)
      .produtos.obter('SKU-1')
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status });
    expect(seen).toHaveLength(1);
  });

  it('retry timeouts of a GET, each attempt with its own timeoutMs, then throw TimeoutError', async () => {
    const { fetch, seen } = scriptedFetch(hang);
    const outcome = testClient(fetch, { timeoutMs: 500, maxRetries: 1 })
      .produtos.obter('SKU-1')
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(499);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    const err = await outcome;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as TimeoutError).timeoutMs).toBe(500);
  });

  it('count the time to read the body within the attempt timeout', async () => {
    const slowBody = () => new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"sku":')) }), { status: 200 });
    const { fetch } = scriptedFetch(slowBody);
    const outcome = testClient(fetch, { timeoutMs: 100, maxRetries: 0 })
      .produtos.obter('SKU-1')
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toBeInstanceOf(TimeoutError);
  });

  it('follow a per-call maxRetries over the client one', async () => {
    const { fetch, seen } = scriptedFetch(() => apiError(500, 'ERRO_INTERNO'));
    const outcome = testClient(fetch)
      .produtos.obter('SKU-1', { maxRetries: 0 })
      .catch((e: unknown) => e);
    await settle();
    expect(await outcome).toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });
});

describe('a POST without Idempotency-Key', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['a 500', () => apiError(500, 'ERRO_INTERNO')],
    ['a 503', () => apiError(503, 'SERVICO_INDISPONIVEL')],
    ['a connection reset', reset],
  ])('is never repeated after %s, which may have reached the server', async (_, step) => {
    const { fetch, seen } = scriptedFetch(step, () => json(201, {}));
    const outcome = testClient(fetch)
      .request('POST', '/v1/clientes', { body: { nome: 'Ana' } })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toBeInstanceOf(Error);
    expect(seen).toHaveLength(1);
  });

  it('is not repeated after a timeout either', async () => {
    const { fetch, seen } = scriptedFetch(hang);
    const outcome = testClient(fetch, { timeoutMs: 100 })
      .request('PATCH', '/v1/clientes/c1', { body: {} })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toBeInstanceOf(TimeoutError);
    expect(seen).toHaveLength(1);
  });

  it('is repeated after a refused connection, which never sent it', async () => {
    const { fetch, seen } = scriptedFetch(refused, () => json(201, { id: 'c1' }));
    const call = testClient(fetch).request('POST', '/v1/clientes', { body: { nome: 'Ana' } });
    await vi.advanceTimersByTimeAsync(100);
    await expect(call).resolves.toEqual({ id: 'c1' });
    expect(seen).toHaveLength(2);
  });

  it('is repeated after a 429, which the server did not process', async () => {
    const { fetch, seen } = scriptedFetch(
      () => apiError(429, 'LIMITE_EXCEDIDO', {}, { 'retry-after': '1' }),
      () => json(201, { id: 'c1' }),
    );
    const call = testClient(fetch).request('POST', '/v1/clientes', { body: { nome: 'Ana' } });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(call).resolves.toEqual({ id: 'c1' });
    expect(seen).toHaveLength(2);
  });

  it('surfaces a refused connection as ConnectionError after the retries', async () => {
    const { fetch, seen } = scriptedFetch(refused);
    const outcome = testClient(fetch, { maxRetries: 2 })
      .request('POST', '/v1/clientes', { body: {} })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    const err = await outcome;
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as ConnectionError).beforeSending).toBe(true);
    expect(seen).toHaveLength(3);
  });
});

describe('a call with Idempotency-Key', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is repeated after a 5xx or a reset with the same key on every attempt', async () => {
    const { fetch, seen } = scriptedFetch(
      () => apiError(503, 'SERVICO_INDISPONIVEL'),
      reset,
      () => json(201, { id: 'p1' }, { 'idempotent-replayed': 'true' }),
    );
    const call = testClient(fetch).request('POST', '/v1/pedidos', { body: { itens: [] }, idempotencyKey: 'pedido-42' });
    await vi.advanceTimersByTimeAsync(100);
    const { data, meta } = await call.withMeta();
    expect(data).toEqual({ id: 'p1' });
    expect(seen.map((r) => r.headers.get('idempotency-key'))).toEqual(['pedido-42', 'pedido-42', 'pedido-42']);
    expect(meta).toMatchObject({ idempotencyKey: 'pedido-42', idempotentReplayed: true, attempts: 3 });
  });

  it('repeats a 409 REQUISICAO_EM_ANDAMENTO with the same key to get the first result', async () => {
    const { fetch, seen } = scriptedFetch(
      () => apiError(409, 'REQUISICAO_EM_ANDAMENTO'),
      () => json(201, { id: 'p1' }),
    );
    const call = testClient(fetch, { retryDelayMs: 50 }).request('POST', '/v1/pedidos', { body: {}, idempotencyKey: 'k1' });
    await vi.advanceTimersByTimeAsync(49);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toEqual({ id: 'p1' });
    expect(seen.map((r) => r.headers.get('idempotency-key'))).toEqual(['k1', 'k1']);
  });

  it('does not repeat any other 409', async () => {
    const { fetch, seen } = scriptedFetch(() => apiError(409, 'REFERENCIA_EXTERNA_DUPLICADA', { pedido: { id: 'p0' } }));
    const err = await testClient(fetch)
      .request('POST', '/v1/pedidos', { body: {}, idempotencyKey: 'k1' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ codigo: 'REFERENCIA_EXTERNA_DUPLICADA', idempotencyKey: 'k1' });
    expect(seen).toHaveLength(1);
  });
});

describe('a caller signal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('aborts a request in flight at once and is never retried', async () => {
    const { fetch, seen } = scriptedFetch(hang);
    const controller = new AbortController();
    const outcome = testClient(fetch)
      .produtos.obter('SKU-1', { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(new Error('cancelado pelo parceiro'));
    const err = await outcome;
    expect(err).toBeInstanceOf(AbortError);
    expect(((err as AbortError).cause as Error).message).toBe('cancelado pelo parceiro');
    expect((err as AbortError).beforeSending).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toHaveLength(1);
  });

  it('aborts at once during a backoff wait', async () => {
    const { fetch, seen } = scriptedFetch(() => apiError(503, 'SERVICO_INDISPONIVEL'));
    const controller = new AbortController();
    const outcome = testClient(fetch, { retryDelayMs: 10_000 })
      .produtos.obter('SKU-1', { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    expect(seen).toHaveLength(1);
    controller.abort();
    const err = await outcome;
    expect((err as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toHaveLength(1);
  });

  it('already aborted sends nothing', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    await expect(testClient(fetch).produtos.obter('SKU-1', { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(0);
  });
});
