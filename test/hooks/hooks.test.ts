import { describe, expect, it } from 'vitest';
import { ApiError, InvalidInputError, RateLimiter, type Hooks } from '../../src/index.js';
import { captureLogs, testClient } from '../helpers/client.js';
import { onFakeClock } from '../helpers/fake-time.js';
import { PRODUTO, SANDBOX_TOKEN, apiError, json, refused, scriptedFetch } from '../helpers/scripted-fetch.js';

/** Hooks that write every call they receive into `events`, tagged. */
function recorder(tag: string, events: string[]): Hooks.CallHooks {
  return {
    beforeAttempt: (c) => void events.push(`${tag}:beforeAttempt:${c.attempt}`),
    afterResponse: (c) => void events.push(`${tag}:afterResponse:${c.attempt}:${c.status}`),
    afterError: (c) => void events.push(`${tag}:afterError:${c.attempt}:${c.status ?? c.error.name}`),
    onRateLimitWait: (c) => void events.push(`${tag}:onRateLimitWait:${c.attempt}:${c.wait.reason}`),
    onRetry: (c) => void events.push(`${tag}:onRetry:${c.attempt}:${c.reason}`),
  };
}

/** Every string reachable from `value` (own and inherited enumerable fields, Headers entries, arrays). */
function strings(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  if (value instanceof Headers) return [...value].flat();
  const out: string[] = [];
  for (const key in value) out.push(key, ...strings((value as Record<string, unknown>)[key], seen));
  return out;
}

describe('hooks', () => {
  it('run in order, the client’s (as listed) then the call’s, at every step of a retried call', async () => {
    const events: string[] = [];
    const { fetch } = scriptedFetch(
      () => apiError(503, 'SERVICO_INDISPONIVEL'),
      () => json(200, PRODUTO),
    );
    const client = testClient(fetch, { hooks: [recorder('a', events), recorder('b', events)] });
    await client.produtos.obter('SKU-1', { hooks: recorder('call', events) });
    expect(events).toEqual([
      'a:beforeAttempt:1',
      'b:beforeAttempt:1',
      'call:beforeAttempt:1',
      'a:afterResponse:1:503',
      'b:afterResponse:1:503',
      'call:afterResponse:1:503',
      'a:afterError:1:503',
      'b:afterError:1:503',
      'call:afterError:1:503',
      'a:onRetry:1:server_error',
      'b:onRetry:1:server_error',
      'call:onRetry:1:server_error',
      'a:beforeAttempt:2',
      'b:beforeAttempt:2',
      'call:beforeAttempt:2',
      'a:afterResponse:2:200',
      'b:afterResponse:2:200',
      'call:afterResponse:2:200',
    ]);
  });

  it('name the operation by SDK method and route template, never the path with ids', async () => {
    const operations: unknown[] = [];
    const { fetch } = scriptedFetch(() => json(201, { id: 'r1', codigo: 'AA1', transportadora: 'X', validado: false, cadastradoPeloParceiro: true, criadoEm: '2026-11-20T10:00:00-03:00' }));
    const client = testClient(fetch, { hooks: { beforeAttempt: (c) => void operations.push(c.operation) } });
    await client.pedidos.rastreios.adicionar('ped_123', { codigo: 'AA1', transportadora: 'X' }).catch(() => undefined);
    await client.request('GET', '/v1/produtos/SKU-9').catch(() => undefined);
    expect(operations).toEqual([
      { name: 'pedidos.rastreios.adicionar', method: 'POST', route: '/v1/pedidos/{pedidoId}/rastreios' },
      { name: 'request', method: 'GET', route: undefined },
    ]);
  });

  it('may add headers to each attempt; they never see the token, nor replace it', async () => {
    const seenByHooks: Record<string, string>[] = [];
    const { fetch, seen } = scriptedFetch(
      () => apiError(503, 'SERVICO_INDISPONIVEL'),
      () => json(200, PRODUTO),
    );
    const logs = captureLogs();
    const client = testClient(fetch, {
      logger: logs.logger,
      logLevel: 'warn',
      hooks: [
        {
          beforeAttempt: async (c) => {
            seenByHooks.push({ ...c.headers });
            await Promise.resolve();
            c.setHeader('X-Attempt-Trace', `t-${c.attempt}`);
          },
        },
        { beforeAttempt: (c) => c.setHeader('Authorization', 'Bearer svc_sbx_stolen') },
      ],
    });
    await client.produtos.obter('SKU-1', { headers: { 'x-caller': 'yes' } });
    expect(seen.map((r) => r.headers.get('x-attempt-trace'))).toEqual(['t-1', 't-2']);
    expect(seen.every((r) => r.headers.get('authorization') === `Bearer ${SANDBOX_TOKEN}`)).toBe(true);
    expect(seen.every((r) => r.headers.get('x-caller') === 'yes')).toBe(true);
    expect(seenByHooks[0]).toMatchObject({ 'x-caller': 'yes', accept: 'application/json' });
    for (const headers of seenByHooks) expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('authorization');
    // The refused setHeader is a hook failure: logged once, the call went on.
    expect(logs.lines.filter((l) => l.message.includes('hook beforeAttempt failed'))).toHaveLength(1);
  });

  it('never reach the token through anything they are given', async () => {
    const contexts: unknown[] = [];
    const keep = (c: unknown) => void contexts.push(c);
    const { fetch } = scriptedFetch(
      () => apiError(429, 'LIMITE_EXCEDIDO', {}, { 'retry-after': '0' }),
      refused,
      () => json(201, { id: 'c1' }),
    );
    const client = testClient(fetch, { hooks: { beforeAttempt: keep, afterResponse: keep, afterError: keep, onRetry: keep, onRateLimitWait: keep } });
    await client.request('POST', '/v1/clientes', { body: { nome: 'x' }, idempotencyKey: 'k-1' });
    expect(contexts.length).toBeGreaterThanOrEqual(7);
    const all = contexts.flatMap((c) => strings(c)).join('\n');
    expect(all).not.toContain(SANDBOX_TOKEN);
    expect(all).not.toContain(SANDBOX_TOKEN.slice(8));
    expect(JSON.stringify(contexts)).not.toContain(SANDBOX_TOKEN.slice(8));
  });

  it('that throw or reject do not break the call, and each is logged once per client', async () => {
    const logs = captureLogs();
    const { fetch } = scriptedFetch(() => json(200, PRODUTO));
    const client = testClient(fetch, {
      logger: logs.logger,
      logLevel: 'warn',
      hooks: {
        beforeAttempt: () => {
          throw new Error('boom before');
        },
        afterResponse: () => Promise.reject(new Error('boom after')),
      },
    });
    for (let i = 0; i < 3; i++) expect((await client.produtos.obter('SKU-1')).sku).toBe('SKU-1');
    await new Promise((r) => setImmediate(r));
    const failures = logs.lines.filter((l) => l.message.includes('failed during'));
    expect(failures.map((l) => [l.level, /hook (\w+)/.exec(l.message)?.[1]])).toEqual([
      ['warn', 'beforeAttempt'],
      ['warn', 'afterResponse'],
    ]);
    expect(failures[0]!.message).toContain('boom before');
    expect(failures[0]!.message).toContain('produtos.obter');
  });

  it('tell the error and the retry: reason, delay, status, requestId', async () => {
    const errors: unknown[] = [];
    const retries: unknown[] = [];
    const { fetch } = scriptedFetch(refused, () => apiError(404, 'NAO_ENCONTRADO', {}, { 'x-request-id': 'req_404' }));
    const client = testClient(fetch, {
      hooks: {
        afterError: (c) => void errors.push({ attempt: c.attempt, status: c.status, requestId: c.requestId, error: c.error.name }),
        onRetry: (c) => void retries.push({ attempt: c.attempt, reason: c.reason, delayMs: c.delayMs }),
      },
    });
    const err = await client.produtos.obter('SKU-404').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(errors).toEqual([
      { attempt: 1, status: undefined, requestId: undefined, error: 'ConnectionError' },
      { attempt: 2, status: 404, requestId: 'req_404', error: 'ApiError' },
    ]);
    expect(retries).toEqual([{ attempt: 1, reason: 'connection', delayMs: 0 }]);
  });

  it('carry the Idempotency-Key sent with every attempt, the requestId and the server’s remaining budget of each answer', async () => {
    const keys: (string | undefined)[] = [];
    const answers: unknown[] = [];
    const limits = { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '12', 'x-ratelimit-reset': '30' };
    const { fetch, seen } = scriptedFetch(
      () => apiError(503, 'SERVICO_INDISPONIVEL', {}, { 'x-request-id': 'req_a' }),
      () => json(201, { id: 'c1' }, { 'x-request-id': 'req_b', ...limits }),
      () => json(200, PRODUTO, { 'x-request-id': 'req_c' }),
    );
    const client = testClient(fetch, {
      hooks: [
        {
          beforeAttempt: (c) => void keys.push(c.idempotencyKey),
          onRetry: (c) => void keys.push(c.idempotencyKey),
          afterResponse: (c) => void answers.push({ attempt: c.attempt, requestId: c.requestId, remaining: c.rateLimitRemaining }),
        },
        // Refused (logged once): the key a retry replays is not a hook's to change.
        { beforeAttempt: (c) => c.setHeader('Idempotency-Key', 'trocada') },
      ],
    });
    await client.request('POST', '/v1/clientes', { body: { nome: 'x' }, idempotencyKey: 'k-caller' });
    expect(keys).toEqual(['k-caller', 'k-caller', 'k-caller']);
    expect(seen.map((r) => r.headers.get('idempotency-key'))).toEqual(['k-caller', 'k-caller']);
    expect(answers).toEqual([
      { attempt: 1, requestId: 'req_a', remaining: undefined },
      { attempt: 2, requestId: 'req_b', remaining: 12 },
    ]);
    // A call without a key: none. A creation call makes its own; hooks see the one sent.
    keys.length = 0;
    await client.produtos.obter('SKU-1');
    await client.etiquetas.emitir({ pedidoId: 'ped_1', servicoId: 3 }).catch(() => undefined);
    const made = seen.at(-1)!.headers.get('idempotency-key');
    expect(made).toMatch(/\S{16,}/);
    expect(keys).toEqual([undefined, made]);
  });

  it('see each wait for rate budget with its reason, and can read the budget', async () => {
    const waits: string[] = [];
    const budgets: unknown[] = [];
    // One call a minute on a fake clock: the second call waits, however slow the machine.
    const limiter = new RateLimiter({ perMinute: 1, windowMs: 60_000 });
    const { fetch } = scriptedFetch(() => json(200, PRODUTO));
    const client = testClient(fetch, {
      rateLimit: limiter,
      hooks: {
        onRateLimitWait: (c) => void waits.push(`${c.operation.name}:${c.wait.reason}:${c.wait.priority}`),
        afterResponse: async (c) => void budgets.push(await c.rateBudget()),
      },
    });
    await onFakeClock(async () => {
      await client.produtos.obter('SKU-1');
      await client.produtos.obter('SKU-1', { priority: 'bulk' });
    });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatch(/^produtos\.obter:\w+:bulk$/);
    await new Promise((r) => setImmediate(r));
    expect(budgets[0]).toMatchObject({ limit: 1, inFlight: expect.any(Number) });
    // Without a limiter there is no budget to read.
    const plain = testClient(fetch, { hooks: { afterResponse: async (c) => void budgets.push(await c.rateBudget()) } });
    await plain.produtos.obter('SKU-1');
    await new Promise((r) => setImmediate(r));
    expect(budgets.at(-1)).toBeUndefined();
  });

  it('are checked: a clear error names the field, before anything is sent', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    const bad = (hooks: unknown) => () => testClient(fetch, { hooks: hooks as Hooks.CallHooks });
    expect(bad({ beforeAtempt: () => {} })).toThrow(InvalidInputError);
    expect(bad({ beforeAtempt: () => {} })).toThrow(/hooks\.beforeAtempt: is not an option of hooks \(known: beforeAttempt/);
    expect(bad([{}, { afterError: 'x' }])).toThrow(/hooks\[1\]\.afterError: must be a function/);
    expect(bad([null])).toThrow(/hooks\[0\]: must be an object of hooks/);
    const client = testClient(fetch);
    await expect(client.produtos.obter('SKU-1', { hooks: { onRetri: () => {} } as Hooks.CallHooks })).rejects.toThrow(/hooks\.onRetri/);
    expect(seen).toHaveLength(0);
  });
});
