import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter, type RateBudgetStore } from '../../../src/transport/rate-limit/index.js';
import { sharedLimiterFor } from '../../../src/transport/rate-limit/registry.js';
import { flush } from './helpers.js';
import { resolveRateLimiterOptions } from '../../../src/transport/rate-limit/limiter-options.js';
import { releaseWith } from '../../../src/transport/rate-limit/rate-limiter.js';

// Fake timers: what is left pending is what could fire later or keep a script alive, whatever made it.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('timers', () => {
  it('nothing is left pending when a limiter is constructed, shared or given its first call', async () => {
    const limiter = new RateLimiter();
    sharedLimiterFor('timers-test-key', resolveRateLimiterOptions({ perMinute: 10 }));
    releaseWith(await limiter.acquire(), { status: 200, remaining: 5, resetMs: 1_000 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a waiting caller is woken when the store said, and once it gives up nothing is left pending nor asked again', async () => {
    const asked: number[] = [];
    const store: RateBudgetStore = {
      tryTake: async (now) => (asked.push(now), { granted: false, retryAt: now + 10_000 }),
      settle: async () => {},
      snapshot: async () => ({ limit: 1, remaining: 0, resetAt: undefined, pausedUntil: undefined, source: 'server' }),
    };
    const limiter = new RateLimiter({ store });
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal).catch(() => 'aborted');
    await flush();
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual([asked[0], asked[0]! + 10_000]);
    controller.abort();
    await flush();
    expect(await waiting).toBe('aborted');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(2);
  });
});
