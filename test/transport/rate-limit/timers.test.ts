import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter, sharedLimiterFor, type RateBudgetStore } from '../../../src/transport/rate-limit/index.js';
import { flush } from './helpers.js';

afterEach(() => vi.restoreAllMocks());

describe('timers', () => {
  it('none starts when a limiter is constructed, shared or given its first call', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const limiter = new RateLimiter();
    sharedLimiterFor('timers-test-key', { perMinute: 10 });
    (await limiter.acquire()).release({ status: 200, remaining: 5, resetMs: 1_000 });
    expect(setTimeoutSpy).not.toHaveBeenCalled();
    expect(setIntervalSpy).not.toHaveBeenCalled();
  });

  it('a timer exists only while a caller waits, and is cleared when nobody waits any more', async () => {
    const store: RateBudgetStore = {
      tryTake: (now) => ({ granted: false, retryAt: now + 10_000 }),
      settle: () => {},
      snapshot: () => ({ limit: 1, remaining: 0, resetAt: undefined, pausedUntil: undefined, source: 'server' }),
    };
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const clearTimeoutSpy = vi.spyOn(globalThis, 'clearTimeout');
    const limiter = new RateLimiter({ store });
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal).catch(() => 'aborted');
    expect(setTimeoutSpy).toHaveBeenCalledTimes(1);
    const timer = setTimeoutSpy.mock.results[0]!.value as NodeJS.Timeout;
    controller.abort();
    await flush();
    expect(await waiting).toBe('aborted');
    expect(clearTimeoutSpy).toHaveBeenCalledWith(timer);
  });
});
