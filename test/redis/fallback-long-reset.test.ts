/**
 * A client set to 8 calls per 3 s starts with Redis down, and its server answers
 * `X-RateLimit-Remaining: 999` with a Reset longer than the client's window. The store's fallback must
 * keep the client's own rate ÷ 4, not wait for the server's reset before a second pair of calls
 * (which would make 6 calls take 121 s with Reset 60). Redis is real and stopped; only `Date` is fake, so the
 * socket that finds Redis gone stays real, and the test moves the clock to each time the store names
 * (as the limiter would) and counts the client windows the calls started in: no sleeps, no timing.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { createRedisBudgetStore, type RedisBudgetStore } from '../../src/redis/budget-store.js';
import { observationFromHeaders } from '../../src/transport/rate-limit/observation.js';
import { describeWithRedis, startRedis } from './redis-server.js';

const WINDOW_MS = 3_000;
/** How long each call takes to be answered, on the fake clock. */
const CALL_MS = 100;

afterEach(() => {
  vi.useRealTimers();
});

describeWithRedis('Redis down at start, a server window longer than the client’s', () => {
  it.each([60, 10, 3])('with Remaining 999 and Reset %i, six calls start within three of the client’s windows', async (resetSeconds) => {
    const redis = await startRedis();
    await redis.stop();
    const warnings: string[] = [];
    const store: RedisBudgetStore = createRedisBudgetStore({ redis: redis.url, key: `long-reset-${resetSeconds}`, perMinute: 8, windowMs: WINDOW_MS, logger: { warn: (m) => warnings.push(m) } });
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = 1_700_000_000_000;
    vi.setSystemTime(start);
    try {
      const windows: number[] = [];
      // Bounded, so that a store that never grants fails the test instead of looping.
      for (let asks = 0; windows.length < 6 && asks < 50; asks++) {
        const take = await store.tryTake(Date.now(), { priority: 'normal', waiterId: 'w' });
        if (!take.granted) {
          vi.setSystemTime(take.retryAt!);
          continue;
        }
        windows.push(Math.floor((Date.now() - start) / WINDOW_MS));
        vi.setSystemTime(Date.now() + CALL_MS);
        const headers = new Headers({ 'x-ratelimit-remaining': '999', 'x-ratelimit-reset': String(resetSeconds) });
        await store.settle(take.ticket, { kind: 'answered', observation: observationFromHeaders(200, headers, Date.now()) }, Date.now());
      }
      // Redis unknown, so 1/4 of the client's 8: two calls in each 3 s window, never more.
      expect(windows).toEqual([0, 0, 1, 1, 2, 2]);
      expect(warnings).toHaveLength(1);
      expect((await store.snapshot(Date.now())).source).toBe('fallback');
    } finally {
      vi.useRealTimers();
      await store.close();
    }
  });
});
