/** The client option `rateLimit: { perMinute, redis, key }`: clients with the same key draw from one budget in Redis. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PartnerCommerce } from '../../src/index.js';
import { createRedisBudgetStore } from '../../src/redis/index.js';
import { createFakeApi, type FakeServer } from '../../src/testing/index.js';
import { describeWithRedis } from './redis-server.js';

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
    const observer = createRedisBudgetStore({ redis: redis.url, key: 'client-option', perMinute: 5, windowMs: 60_000, logger: { warn() {} } });
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

  it('a RateLimiter cannot open Redis itself; it names the store to pass instead', async () => {
    const { RateLimiter } = await import('../../src/index.js');
    expect(() => new RateLimiter({ redis: redis.url, key: 'k' })).toThrow(/createRedisBudgetStore/);
  });
});
