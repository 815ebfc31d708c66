import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisDedupeStore, RedisUnavailableError, type RedisClientLike, type RedisDedupeStore } from '../../src/redis/index.js';
import { createWebhookHandler } from '../../src/webhooks/index.js';
import { eventoBody, produtoJson } from '../webhooks/fixtures.js';
import { describeWithRedis, startRedis } from './redis-server.js';

let next = 0;
/** A prefix of its own for each test, so tests sharing one server never see each other's keys. */
const freshPrefix = () => `test-${process.pid}-${++next}:`;

/**
 * Generous, so a loaded machine never passes for an outage; the tests of a hung server set their own.
 * Redis's own expiry is never waited for as a duration: a test ends a key's time itself (PEXPIRE).
 */
const COMMAND_TIMEOUT_MS = 30_000;

/**
 * Runs a command of a store made with a short commandTimeoutMs until Redis answers it. Such a store
 * exists to time out on a paused server; on a loaded machine its first connection, or its first command
 * after the resume, can also outlast the timeout, which says nothing about what the test checks. The
 * test's own timeout bounds the tries.
 */
async function onceAnswered<T>(command: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await command();
    } catch (err) {
      if (!(err instanceof RedisUnavailableError)) throw err;
    }
  }
}

describeWithRedis('createRedisDedupeStore', (redis) => {
  const adminClient = (url: string) => createClient({ url });
  let admin: ReturnType<typeof adminClient>;
  const stores: RedisDedupeStore[] = [];
  /** A store with its own connection (from the URL), as each receiver process would have. */
  const store = (prefix: string, extra: { reservationMs?: number; ttlMs?: number } = {}) => {
    const s = createRedisDedupeStore({ redis: redis.url, prefix, commandTimeoutMs: COMMAND_TIMEOUT_MS, ...extra });
    stores.push(s);
    return s;
  };
  /**
   * Ends `key`'s time to live now, as if it had run out (a crashed holder never releases), and waits
   * until Redis itself has dropped it. The test's timeout bounds the wait.
   */
  const expireNow = async (key: string) => {
    expect(await admin.pExpire(key, 1)).toBe(1);
    while ((await admin.exists(key)) !== 0) await new Promise((r) => setTimeout(r, 5));
  };

  beforeAll(async () => {
    admin = adminClient(redis.url);
    await admin.connect();
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    admin.destroy();
  });

  it('gives a contended id to exactly one of many concurrent reserves from several connections', async () => {
    const prefix = freshPrefix();
    const receivers = [store(prefix), store(prefix), store(prefix)];
    for (let round = 0; round < 20; round++) {
      const id = `evt_${round}`;
      const won = await Promise.all(Array.from({ length: 30 }, (_, i) => receivers[i % 3]!.reserve(id, 60_000)));
      expect(won.filter(Boolean)).toHaveLength(1);
    }
  });

  it('sets the reservation to expire after its ttl on the Redis clock, then lets another receiver take it', async () => {
    const prefix = freshPrefix();
    const [a, b] = [store(prefix), store(prefix)];
    expect(await a.reserve('evt_1', 60_000)).toBe(true);
    const pttl = await admin.pTTL(`${prefix}evt_1`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(60_000);
    expect(await b.reserve('evt_1', 60_000)).toBe(false);
    await expireNow(`${prefix}evt_1`); // a crashed holder never releases: Redis drops it
    expect(await b.reserve('evt_1', 60_000)).toBe(true);
  });

  it('counts only a recorded id as handled, not a reservation; a record refuses every later reserve', async () => {
    const prefix = freshPrefix();
    const [a, b] = [store(prefix), store(prefix)];
    expect(await a.has('evt_1')).toBe(false);
    expect(await a.reserve('evt_1', 60_000)).toBe(true);
    expect(await b.has('evt_1')).toBe(false);
    await a.add('evt_1', 3_600_000);
    expect(await b.has('evt_1')).toBe(true);
    expect(await b.reserve('evt_1', 60_000)).toBe(false);
    const pttl = await admin.pTTL(`${prefix}evt_1`);
    expect(pttl).toBeGreaterThan(60_000); // the record's ttl replaced the reservation's
    expect(pttl).toBeLessThanOrEqual(3_600_000);
    await a.release('evt_1'); // releasing after add never drops the record
    expect(await b.has('evt_1')).toBe(true);
  });

  it('releases only its own reservation', async () => {
    const prefix = freshPrefix();
    const [a, b] = [store(prefix), store(prefix)];
    expect(await a.reserve('evt_1', 60_000)).toBe(true);
    await expireNow(`${prefix}evt_1`);
    expect(await b.reserve('evt_1', 60_000)).toBe(true);
    await a.release('evt_1'); // a's reservation is long gone; b's must stay
    expect(await a.reserve('evt_1', 60_000)).toBe(false);
    await b.release('evt_1');
    expect(await a.reserve('evt_1', 60_000)).toBe(true);
  });

  it('uses the store-level ttlMs and reservationMs over what the handler passes', async () => {
    const prefix = freshPrefix();
    const s = store(prefix, { ttlMs: 5_000, reservationMs: 2_000 });
    await s.reserve('evt_1', 600_000);
    const reservedFor = await admin.pTTL(`${prefix}evt_1`);
    expect(reservedFor).toBeGreaterThan(0);
    expect(reservedFor).toBeLessThanOrEqual(2_000);
    await s.add('evt_1', 600_000_000);
    const recordedFor = await admin.pTTL(`${prefix}evt_1`);
    expect(recordedFor).toBeGreaterThan(0);
    expect(recordedFor).toBeLessThanOrEqual(5_000);
  });

  it('accepts a node-redis client and an ioredis-style `call` client, and leaves them open on close', async () => {
    const prefix = freshPrefix();
    const client = await createClient({ url: redis.url }).connect();
    const ioredisLike: RedisClientLike = { call: (command, ...args) => client.sendCommand([command, ...args]) };
    const viaNodeRedis = createRedisDedupeStore({ redis: client, prefix, commandTimeoutMs: COMMAND_TIMEOUT_MS });
    const viaCall = createRedisDedupeStore({ redis: ioredisLike, prefix, commandTimeoutMs: COMMAND_TIMEOUT_MS });
    expect(await viaNodeRedis.reserve('evt_1', 60_000)).toBe(true);
    expect(await viaCall.reserve('evt_1', 60_000)).toBe(false);
    await viaNodeRedis.add('evt_1', 60_000);
    expect(await viaCall.has('evt_1')).toBe(true);
    await viaNodeRedis.close();
    expect(await client.ping()).toBe('PONG');
    client.destroy();
  });

  it('refuses bad options before any command', () => {
    expect(() => createRedisDedupeStore({ redis: 'http://localhost:6379' })).toThrow(/redis:\/\/ or rediss:\/\/ URL/);
    expect(() => createRedisDedupeStore({ redis: {} as RedisClientLike })).toThrow(/sendCommand \(node-redis\) or call \(ioredis\)/);
    expect(() => createRedisDedupeStore({ redis: redis.url, reservationMs: 0 })).toThrow(/reservationMs: must be a positive number/);
    expect(() => createRedisDedupeStore({ redis: redis.url, commandTimeoutMs: Number.NaN })).toThrow(/commandTimeoutMs: must be a positive number/);
  });

  it('keeps sandbox and production apart by default: the same event id in one never blocks the other', async () => {
    const sandbox = createRedisDedupeStore({ redis: redis.url, environment: 'sandbox', commandTimeoutMs: COMMAND_TIMEOUT_MS });
    const production = createRedisDedupeStore({ redis: redis.url, environment: 'production', commandTimeoutMs: COMMAND_TIMEOUT_MS });
    stores.push(sandbox, production);
    const id = `evt_env_${process.pid}_${++next}`;
    expect(await sandbox.reserve(id, 60_000)).toBe(true);
    await sandbox.add(id, 60_000);
    expect(await production.has(id)).toBe(false);
    expect(await production.reserve(id, 60_000)).toBe(true);
  });

  it('without a prefix or a known environment it warns once naming the option, and keeps working; a bad environment is refused by name', async () => {
    vi.stubEnv('PARTNER_COMMERCE_TOKEN', '');
    try {
      const warnings: string[] = [];
      const store = createRedisDedupeStore({ redis: redis.url, commandTimeoutMs: COMMAND_TIMEOUT_MS, logger: { warn: (m) => warnings.push(m) } });
      stores.push(store);
      expect(warnings.filter((w) => w.includes('does not know its environment'))).toHaveLength(1);
      expect(warnings.find((w) => w.includes('does not know its environment'))).toMatch(/environment: 'sandbox' or 'production'/);
      await store.add('evt_sem_ambiente', 60_000);
      expect(await store.has('evt_sem_ambiente')).toBe(true);
      expect(() => createRedisDedupeStore({ redis: redis.url, environment: 'staging' as 'sandbox' })).toThrow(/environment: must be 'sandbox' or 'production', got "staging"/);
      vi.stubEnv('PARTNER_COMMERCE_TOKEN', 'svc_prod_from_env');
      const known: string[] = [];
      stores.push(createRedisDedupeStore({ redis: redis.url, logger: { warn: (m) => known.push(m) } }));
      expect(known.filter((w) => w.includes('does not know its environment'))).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  describe('with createWebhookHandler', () => {
    const lote = (id: string) =>
      eventoBody('produto.lote', {
        id,
        dados: {
          total: 4,
          itens: ['A', 'B', 'C', 'D'].map((s) => ({ evento: 'produto.estoque_atualizado', produto: produtoJson(`TEN-${s}`) })),
        },
      });
    const receivers = (prefix: string, count: number, fail?: (sku: string) => boolean) => {
      const handled: string[] = [];
      const handlers = Array.from({ length: count }, () =>
        createWebhookHandler({
          verify: () => true,
          logger: { warn() {}, error() {} },
          dedupe: { store: store(prefix) },
          on: {
            'pedido.criado': (e) => void handled.push(e.id),
            'produto.estoque_atualizado': (e) => {
              if (fail?.(e.dados.produto.sku)) throw new Error(`failed ${e.dados.produto.sku}`);
              handled.push(`${e.id} ${e.dados.produto.sku}`);
            },
          },
        }),
      );
      return { handled, handlers };
    };

    it('runs each event and each lote item once when every receiver gets every delivery at once', async () => {
      const { handled, handlers } = receivers(freshPrefix(), 3);
      const bodies = [...Array.from({ length: 10 }, (_, i) => eventoBody('pedido.criado', { id: `evt_${i}` })), lote('evt_lote')];
      const results = await Promise.all(bodies.flatMap((body) => handlers.map((h) => h.handle(body))));
      expect(results.every((r) => [200, 409].includes(r.status))).toBe(true);
      // The supplier delivers again what was answered 409; by then one receiver has recorded it.
      const again = await Promise.all(bodies.flatMap((body) => handlers.map((h) => h.handle(body))));
      expect(again.map((r) => r.outcome)).toEqual(again.map(() => 'duplicate'));
      expect(handled.sort()).toEqual([...Array.from({ length: 10 }, (_, i) => `evt_${i}`), ...['A', 'B', 'C', 'D'].map((s, i) => `evt_lote:${i} TEN-${s}`)].sort());
    });

    it('after a lote fails at one item on one receiver, another runs only the items not yet done', async () => {
      const prefix = freshPrefix();
      let failC = true;
      const { handled, handlers } = receivers(prefix, 2, (sku) => sku === 'TEN-C' && failC);
      expect((await handlers[0]!.handle(lote('evt_lote'))).status).toBe(500);
      failC = false;
      expect((await handlers[1]!.handle(lote('evt_lote'))).status).toBe(200);
      expect(handled).toEqual(['evt_lote:0 TEN-A', 'evt_lote:1 TEN-B', 'evt_lote:2 TEN-C', 'evt_lote:3 TEN-D']);
    });
  });
});

describeWithRedis('createRedisDedupeStore when Redis is unreachable', (redis) => {
  it('fails a command on a hung server after commandTimeoutMs, and the handler answers 500 (never hangs)', async () => {
    const s = createRedisDedupeStore({ redis: redis.url, prefix: freshPrefix(), commandTimeoutMs: 200 });
    expect(await onceAnswered(() => s.has('evt_0'))).toBe(false); // connected
    redis.server.pause();
    try {
      await expect(s.reserve('evt_1', 60_000)).rejects.toThrow(RedisUnavailableError);
      await expect(s.has('evt_1')).rejects.toThrow(/Redis unavailable: GET to redis:\/\/127\.0\.0\.1:\d+ did not answer within 200 ms/);
      const errors: string[] = [];
      const handler = createWebhookHandler({
        verify: () => true,
        dedupe: { store: s },
        on: { 'pedido.criado': () => errors.push('handler ran') },
        onError: (err, ctx) => errors.push(`${ctx.stage} ${ctx.status} ${(err as Error).name}`),
      });
      expect((await handler.handle(eventoBody('pedido.criado', { id: 'evt_2' }))).status).toBe(500);
      expect(errors).toEqual(['dedupe 500 DedupeStoreError']);
    } finally {
      redis.server.resume();
    }
    expect(await onceAnswered(() => s.has('evt_1'))).toBe(false); // and works again once Redis answers
    await s.close();
  });

  it('undoes a reservation that timed out but reached Redis, so the id is not blocked once Redis answers again', async () => {
    const prefix = freshPrefix();
    const s = createRedisDedupeStore({ redis: redis.url, prefix, commandTimeoutMs: 200 });
    const other = createRedisDedupeStore({ redis: redis.url, prefix, commandTimeoutMs: COMMAND_TIMEOUT_MS });
    expect(await onceAnswered(() => s.has('evt_0'))).toBe(false); // connected
    expect(await other.has('evt_0')).toBe(false);
    redis.server.pause();
    try {
      await expect(s.reserve('evt_1', 600_000)).rejects.toThrow(RedisUnavailableError); // written, not answered
    } finally {
      redis.server.resume();
    }
    // Redis now runs the late SET NX and, after it on the same connection, the store's undo of it.
    expect(await onceAnswered(() => s.has('evt_1'))).toBe(false);
    expect(await other.reserve('evt_1', 60_000)).toBe(true);
    await Promise.all([s.close(), other.close()]);
  });

  /**
   * Redis stops taking writes after the handler's side effect and before the id is recorded (here it
   * refuses them: `min-replicas-to-write` with no replica, so the record never lands, where a paused
   * server would apply it on waking): the answer is 200 (the work was done), and what guards the id is
   * its reservation. A redelivery the sender makes
   * while the reservation lasts is answered 409 without running; one after it runs the handler again.
   * Time on Redis's clock is moved by the test itself (PEXPIRE), never waited for.
   */
  it("closes the window a failed record leaves with a reservation longer than the sender's redelivery spacing", async () => {
    const admin = createClient({ url: redis.url });
    await admin.connect();
    const SPACING_MS = 30_000; // the sender's redelivery came 30 s later
    const run = async (reservationMs: number) => {
      const prefix = freshPrefix();
      const s = createRedisDedupeStore({ redis: redis.url, prefix, commandTimeoutMs: COMMAND_TIMEOUT_MS, reservationMs });
      const effects: string[] = [];
      const stages: string[] = [];
      const handler = createWebhookHandler({
        verify: () => true,
        dedupe: { store: s },
        on: {
          'pedido.criado': () => {
            effects.push('pedido registrado');
            // Only the first delivery meets the outage.
            if (effects.length === 1) return admin.sendCommand(['CONFIG', 'SET', 'min-replicas-to-write', '1']);
          },
        },
        onError: (err, ctx) => stages.push(`${ctx.stage} ${ctx.status} ${(err as Error).message}`),
      });
      try {
        expect((await handler.handle(eventoBody('pedido.criado', { id: 'evt_1' }))).status).toBe(200);
      } finally {
        await admin.sendCommand(['CONFIG', 'SET', 'min-replicas-to-write', '0']);
      }
      expect(stages).toEqual([expect.stringMatching(/^dedupe 200 .*NOREPLICAS/)]);
      const key = `${prefix}evt:evt_1`;
      // The sender's spacing passes on Redis's clock: the reservation loses that much of its time.
      const left = await admin.pTTL(key);
      if (left > SPACING_MS) await admin.pExpire(key, left - SPACING_MS);
      else {
        await admin.pExpire(key, 1);
        while ((await admin.exists(key)) !== 0) await new Promise((r) => setTimeout(r, 5));
      }
      const redelivery = await handler.handle(eventoBody('pedido.criado', { id: 'evt_1' }));
      await s.close();
      return { status: redelivery.status, outcome: redelivery.outcome, effects: effects.length };
    };
    try {
      // The run that was seen: a 30 s reservation, a redelivery 30 s later, the order registered twice.
      expect(await run(SPACING_MS)).toEqual({ status: 200, outcome: 'handled', effects: 2 });
      // The setting that closes it: a reservation longer than the spacing keeps the copy out (409, retried later).
      expect(await run(10 * 60_000)).toEqual({ status: 409, outcome: 'in-flight', effects: 1 });
    } finally {
      admin.destroy();
    }
  });

  it('fails on a server that is not there', async () => {
    const gone = await startRedis();
    await gone.stop();
    const s = createRedisDedupeStore({ redis: gone.url, prefix: freshPrefix(), commandTimeoutMs: 300 });
    await expect(s.reserve('evt_1', 60_000)).rejects.toThrow(RedisUnavailableError);
    await s.close();
  });
});
