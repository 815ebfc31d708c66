import { describe, expect, it } from 'vitest';
import type { RateBudgetState, RateBudgetStore } from '../../../src/transport/rate-limit/budget-store.js';
import { resolveRateLimiterOptions } from '../../../src/transport/rate-limit/limiter-options.js';
import { releaseSharedLimiter, sharedLimiterFor, type OpenRedisBudget } from '../../../src/transport/rate-limit/registry.js';

const STATE: RateBudgetState = { limit: 60, remaining: 60, resetAt: undefined, pausedUntil: undefined, source: 'local' };

function fakeStore(log: string[]): RateBudgetStore {
  return {
    tryTake: async () => (log.push('take'), { granted: true, ticket: 't1' }),
    settle: async (ticket) => void log.push(`settle ${ticket}`),
    snapshot: async () => STATE,
    close: async () => void log.push('close'),
  };
}

let budgets = 0;
/** The registry's limiter for a new Redis budget, its store made by `open`. */
function redisLimiter(open: OpenRedisBudget) {
  const options = resolveRateLimiterOptions({ redis: 'redis://127.0.0.1:1', key: `lazily-${++budgets}` });
  return sharedLimiterFor('svc_sbx_lazily', options, { environment: 'sandbox', warn: () => {}, openRedisBudget: open });
}

describe('a Redis budget store is made on first use (the Redis store, loaded by import())', () => {
  it('closing before any call never loads the store', async () => {
    let loads = 0;
    const limiter = redisLimiter(async () => (loads++, fakeStore([])));
    await releaseSharedLimiter(limiter);
    expect(loads).toBe(0);
  });

  it('loads once, for concurrent first calls, and closes what it loaded', async () => {
    const log: string[] = [];
    let loads = 0;
    const limiter = redisLimiter(async () => (loads++, fakeStore(log)));
    const [first] = await Promise.all([limiter.acquire(), limiter.acquire()]);
    first.giveBack();
    expect(await limiter.state()).toMatchObject(STATE);
    await releaseSharedLimiter(limiter);
    expect(loads).toBe(1);
    expect(log).toEqual(['take', 'take', 'settle t1', 'close']);
  });

  it('a store that fails to load fails the call that asked, and close still resolves', async () => {
    const limiter = redisLimiter(() => Promise.reject(new Error('redis package missing')));
    await expect(limiter.acquire()).rejects.toThrow('redis package missing');
    await expect(releaseSharedLimiter(limiter)).resolves.toBeUndefined();
  });
});
