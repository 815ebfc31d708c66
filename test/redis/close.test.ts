/**
 * close() and Symbol.asyncDispose release the Redis connections the SDK opened from a URL: the
 * client's shared budget, the stores, and the webhook handler's dedupe store. Calling twice is fine.
 * The connections are counted by Redis itself (CLIENT LIST), on a server of this file only.
 */
import { createClient } from 'redis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PartnerCommerce } from '../../src/index.js';
import { createRedisDedupeStore } from '../../src/redis/index.js';
import { createRedisBudgetStore } from '../../src/redis/budget-store.js';
import { createFakeApi, type FakeServer } from '../../src/testing/index.js';
import { createWebhookHandler } from '../../src/webhooks/index.js';
import { eventoBody } from '../webhooks/fixtures.js';
import { describeWithRedis } from './redis-server.js';

describeWithRedis('close() releases Redis connections', (redis) => {
  let server: FakeServer;
  let admin: ReturnType<typeof createClient>;
  beforeAll(async () => {
    server = await createFakeApi().listen();
    admin = createClient({ url: redis.url });
    await admin.connect();
  });
  afterAll(async () => {
    admin?.destroy();
    await server?.close();
  });

  /** Connections other than the admin's, as Redis counts them. */
  const others = async () =>
    String(await admin.sendCommand(['CLIENT', 'LIST']))
      .trim()
      .split('\n').length - 1;
  /** Redis notices a closed socket when its FIN arrives: waits for the count it should reach (the test's timeout bounds it). */
  const settlesAt = async (expected: number) => {
    while ((await others()) !== expected) await new Promise((r) => setTimeout(r, 10));
    return expected;
  };

  it('a client with rateLimit { redis } closes its connection on close(), twice is fine, and later calls fail', async () => {
    const client = new PartnerCommerce({ token: 'svc_sbx_close_redis', baseUrl: server.url, rateLimit: { redis: redis.url, key: 'close-client' }, logLevel: 'off' });
    await client.conta.obter();
    expect(await others()).toBe(1);
    await client.close();
    await client[Symbol.asyncDispose]();
    expect(await settlesAt(0)).toBe(0);
    await expect(client.conta.obter()).rejects.toThrow(/client was closed/);
  });

  it('two clients sharing one Redis budget: the connection stays until the last one closes', async () => {
    const rateLimit = { redis: redis.url, key: 'close-shared' };
    const a = new PartnerCommerce({ token: 'svc_sbx_close_shared_a', baseUrl: server.url, rateLimit, logLevel: 'off' });
    const b = new PartnerCommerce({ token: 'svc_sbx_close_shared_b', baseUrl: server.url, rateLimit, logLevel: 'off' });
    await a.conta.obter();
    await a.close();
    await b.conta.obter();
    expect(await others()).toBe(1);
    await b.close();
    expect(await settlesAt(0)).toBe(0);
  });

  it('the stores and the webhook handler close their connections, by close() or Symbol.asyncDispose, twice', async () => {
    const budget = createRedisBudgetStore({ redis: redis.url, key: 'close-store', commandTimeoutMs: 30_000, logger: { warn() {} } });
    await budget.snapshot(Date.now());
    const dedupe = createRedisDedupeStore({ redis: redis.url, environment: 'sandbox', commandTimeoutMs: 30_000 });
    const handler = createWebhookHandler({ verify: () => true, dedupe: { store: dedupe }, on: { 'pedido.criado': () => {} } });
    expect((await handler.handle(eventoBody('pedido.criado', { id: 'evt_close_1' }))).status).toBe(200);
    expect(await others()).toBe(2);
    await budget[Symbol.asyncDispose]();
    await budget.close();
    await handler.close();
    await handler[Symbol.asyncDispose]();
    expect(await settlesAt(0)).toBe(0);
  });
});
