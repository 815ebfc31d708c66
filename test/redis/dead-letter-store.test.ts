import { afterAll, expect, it } from 'vitest';
import { createRedisDeadLetterStore, createRedisDedupeStore, type RedisDeadLetterStore } from '../../src/redis/index.js';
import { createWebhookHandler, type WebhookHandler } from '../../src/webhooks/index.js';
import { eventoBody } from '../webhooks/fixtures.js';
import { captureLogger, deferred } from '../webhooks/helpers.js';
import { describeWithRedis } from './redis-server.js';

let next = 0;
const freshPrefix = () => `test-dl-${process.pid}-${++next}:`;
const COMMAND_TIMEOUT_MS = 30_000;
const failure = (id: string, failedAt: number, extra: { item?: string; evento?: string } = {}) => ({
  id,
  evento: extra.evento ?? 'pedido.criado',
  item: extra.item,
  body: `{"id":"${id}","texto":"çã ✓"}`,
  error: { name: 'TypeError', message: 'falhou' },
  failedAt,
});

describeWithRedis('createRedisDeadLetterStore', (redis) => {
  const opened: { close(): Promise<void> }[] = [];
  const store = (prefix: string, extra: { maxEntries?: number; ttlMs?: number; logger?: { warn(m: string): void } } = {}): RedisDeadLetterStore => {
    const s = createRedisDeadLetterStore({ redis: redis.url, prefix, commandTimeoutMs: COMMAND_TIMEOUT_MS, logger: { warn() {} }, ...extra });
    opened.push(s);
    return s;
  };
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
  });

  it('records, counts attempts, keeps the first failure, lists in id order and removes', async () => {
    const s = store(freshPrefix());
    const now = Date.now();
    await s.record(failure('evt_b', now - 10, { evento: 'produto.lote', item: 'evt_b:3' }));
    await s.record(failure('evt_a', now - 5));
    await s.record(failure('evt_b', now));
    const all = await s.list();
    expect(all).toEqual([
      { id: 'evt_a', evento: 'pedido.criado', body: '{"id":"evt_a","texto":"çã ✓"}', error: { name: 'TypeError', message: 'falhou' }, attempts: 1, firstFailedAt: now - 5, lastFailedAt: now - 5 },
      { id: 'evt_b', evento: 'pedido.criado', body: '{"id":"evt_b","texto":"çã ✓"}', error: { name: 'TypeError', message: 'falhou' }, attempts: 2, firstFailedAt: now - 10, lastFailedAt: now },
    ]);
    expect((await s.list({ after: 'evt_a' })).map((l) => l.id)).toEqual(['evt_b']);
    expect((await s.list({ limit: 1 })).map((l) => l.id)).toEqual(['evt_a']);
    await s.remove('evt_a');
    expect((await s.list()).map((l) => l.id)).toEqual(['evt_b']);
  });

  it('drops the oldest past maxEntries, naming each, and what is older than ttlMs', async () => {
    const logs = captureLogger();
    const s = store(freshPrefix(), { maxEntries: 2, ttlMs: 60_000, logger: logs.logger });
    const now = Date.now();
    await s.record(failure('evt_old', now - 120_000));
    await s.record(failure('evt_1', now - 3));
    expect((await s.list()).map((l) => l.id)).toEqual(['evt_1']);
    await s.record(failure('evt_2', now - 2));
    await s.record(failure('evt_3', now - 1));
    expect((await s.list()).map((l) => l.id)).toEqual(['evt_2', 'evt_3']);
    // (The test server keeps nothing on disk, so the store also warns of that; only the bound's lines here.)
    expect(logs.lines.map((l) => l.message).filter((m) => m.includes('store full'))).toEqual([expect.stringContaining('dropped the oldest, pedido.criado evt_1')]);
  });

  it('prunes by age and refuses bad options by name', async () => {
    const s = store(freshPrefix());
    const now = Date.now();
    await s.record(failure('evt_x', now - 10 * 60_000));
    await s.record(failure('evt_y', now));
    expect(await s.prune({ olderThanMs: 60_000 })).toBe(1);
    expect((await s.list()).map((l) => l.id)).toEqual(['evt_y']);
    await expect(s.prune({ olderThanMs: -1 })).rejects.toThrow(/olderThanMs: must be/);
    expect(() => createRedisDeadLetterStore({ redis: redis.url, maxEntries: 0, ttl: 5 } as never)).toThrow(
      /maxEntries: must be a positive whole number.*ttl: is not an option of createRedisDeadLetterStore/,
    );
  });

  it('replays a notice exactly once when two receivers replay at once over one Redis', async () => {
    const prefix = freshPrefix();
    let failing = true;
    const entered = deferred();
    const release = deferred();
    const runs: string[] = [];
    const receiver = (): WebhookHandler => {
      const h = createWebhookHandler({
        verify: () => true,
        logger: captureLogger().logger,
        dedupe: { store: createRedisDedupeStore({ redis: redis.url, prefix: `${prefix}dedupe:`, commandTimeoutMs: COMMAND_TIMEOUT_MS, logger: { warn() {} } }) },
        deadLetters: store(`${prefix}dl:`),
        on: {
          'pedido.criado': async (e) => {
            if (failing) throw new Error('fora do ar');
            runs.push(e.id);
            entered.resolve();
            await release.promise;
          },
        },
      });
      opened.push(h);
      return h;
    };
    const a = receiver();
    const b = receiver();
    expect((await a.handle(eventoBody('pedido.criado', { id: 'evt_once' }))).status).toBe(500);
    expect((await b.deadLetters!.list()).map((l) => l.id)).toEqual(['evt_once']);
    failing = false;
    // A holds the id (its handler is running); B's replay meanwhile must not run it.
    const first = a.replayDeadLetters();
    await entered.promise;
    const second = await b.replayDeadLetters();
    expect(second).toMatchObject({ replayed: 0, inFlight: 1 });
    release.resolve();
    expect(await first).toMatchObject({ replayed: 1 });
    // Once A is done, B finds it handled: removed (nothing left), never run.
    expect((await b.replayDeadLetters()).notices).toEqual([]);
    expect(runs).toEqual(['evt_once']);
  });
});
