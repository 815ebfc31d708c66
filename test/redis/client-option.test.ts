/** The client option `rateLimit: { perMinute, redis, key }`: clients with the same key draw from one budget in Redis. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PartnerCommerce } from '../../src/index.js';
import { createRedisBudgetStore } from '../../src/redis/budget-store.js';
import { createFakeApi, type FakeServer } from '../../src/testing/index.js';
import { apiError, json, scriptedFetch } from '../helpers/scripted-fetch.js';
import { describeWithRedis } from './redis-server.js';

/** Hooks that record a rate-limit wait and end the call at once, so a call held by another budget fails the test instead of sitting out its pause. */
function failFastOnWait() {
  const waits: string[] = [];
  const controller = new AbortController();
  const hooks = {
    onRateLimitWait: (w: { wait: { reason: string } }) => {
      waits.push(w.wait.reason);
      controller.abort();
    },
  };
  return { waits, hooks, signal: controller.signal };
}

describeWithRedis('rateLimit: { redis, key } on the client', (redis) => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await createFakeApi().listen();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('two clients (as in two processes) with one key spend one budget, visible from a third store', async () => {
    const rateLimit = { perMinute: 5, windowMs: 60_000, redis: redis.url, key: 'client-option' };
    const a = new PartnerCommerce({ token: 'svc_sbx_client_option_a', baseUrl: server.url, rateLimit, logLevel: 'off' });
    const b = new PartnerCommerce({ token: 'svc_sbx_client_option_b', baseUrl: server.url, rateLimit: { ...rateLimit }, logLevel: 'off' });
    await a.conta.obter();
    await b.conta.obter({ priority: 'interactive' });
    await a.conta.obter();
    const observer = createRedisBudgetStore({ redis: redis.url, key: 'client-option', environment: 'sandbox', perMinute: 5, windowMs: 60_000, commandTimeoutMs: 30_000, logger: { warn() {} } });
    try {
      expect(await observer.snapshot(Date.now())).toMatchObject({ limit: 5, remaining: 2 });
    } finally {
      await observer.close();
    }
  });

  it('a second client on the same Redis and key with another perMinute warns naming both values', () => {
    const lines: string[] = [];
    const logger = { debug() {}, info() {}, warn: (m: string) => lines.push(m), error() {} };
    const rateLimit = { perMinute: 60, redis: redis.url, key: 'client-option-mismatch' };
    new PartnerCommerce({ token: 'svc_sbx_mismatch_a', baseUrl: server.url, rateLimit, logger });
    expect(lines).toEqual([]);
    new PartnerCommerce({ token: 'svc_sbx_mismatch_b', baseUrl: server.url, rateLimit: { ...rateLimit, perMinute: 2 }, logger });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\{ perMinute: 2, windowMs: 60000 \} is ignored.*made with \{ perMinute: 60, windowMs: 60000 \}/);
  });

  it('a sandbox 429 never holds a production client that names the same key', async () => {
    const key = 'client-option-environments';
    const refused = scriptedFetch(() => apiError(429, 'LIMITE_EXCEDIDO', {}, { 'retry-after': '60' }));
    const answered = scriptedFetch(() => json(200, { ok: true }, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '60' }));
    const rateLimit = { perMinute: 60, redis: redis.url, key };
    const sandbox = new PartnerCommerce({ token: 'svc_sbx_environments', baseUrl: 'https://sandbox.test', rateLimit, fetch: refused.fetch, maxRetries: 0, logLevel: 'off' });
    const production = new PartnerCommerce({ token: 'svc_prod_environments', baseUrl: 'https://api.test', rateLimit, fetch: answered.fetch, logLevel: 'off' });
    await expect(sandbox.conta.obter()).rejects.toMatchObject({ status: 429 });
    const { waits, hooks, signal } = failFastOnWait();
    await production.request('GET', '/v1/conta', { signal, hooks }).catch(() => {}); // judged below
    expect(waits).toEqual([]);
    expect(answered.seen).toHaveLength(1);
  });

  it('two partners on one Redis keep two budgets: a 429 of one never holds the other', async () => {
    const refused = scriptedFetch(() => apiError(429, 'LIMITE_EXCEDIDO', {}, { 'retry-after': '60' }));
    const answered = scriptedFetch(() => json(200, { ok: true }, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '60' }));
    const one = new PartnerCommerce({
      token: 'svc_sbx_partner_one',
      baseUrl: 'https://sandbox.test',
      rateLimit: { redis: redis.url, key: 'partner-one' },
      fetch: refused.fetch,
      maxRetries: 0,
      logLevel: 'off',
    });
    const two = new PartnerCommerce({ token: 'svc_sbx_partner_two', baseUrl: 'https://sandbox.test', rateLimit: { redis: redis.url, key: 'partner-two' }, fetch: answered.fetch, logLevel: 'off' });
    await expect(one.conta.obter()).rejects.toMatchObject({ status: 429 });
    const { waits, hooks, signal } = failFastOnWait();
    await two.request('GET', '/v1/conta', { signal, hooks }).catch(() => {}); // judged below
    expect(waits).toEqual([]);
    expect(answered.seen).toHaveLength(1);
  });

  it('a RateLimiter cannot open Redis itself; it names the client option to use instead', async () => {
    const { RateLimiter } = await import('../../src/index.js');
    // @ts-expect-error the types do not offer it; a JavaScript caller still gets the message
    expect(() => new RateLimiter({ redis: redis.url, key: 'k' })).toThrow(/new PartnerCommerce\(\{ rateLimit: \{ redis, key \} \}\)/);
  });
});
