import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../../../src/transport/rate-limit/index.js';
import { BARE_ANSWER, flush, track } from './helpers.js';
import { releaseWith } from '../../../src/transport/rate-limit/rate-limiter.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000_000);
});
afterEach(() => vi.useRealTimers());

describe('the local budget', () => {
  it('starts at most perMinute calls per window when the server sends no rate headers', async () => {
    const limiter = new RateLimiter({ perMinute: 3, windowMs: 1_000 });
    releaseWith(await limiter.acquire(), BARE_ANSWER);
    const calls = Array.from({ length: 5 }, () => track(limiter.acquire()));
    await flush();
    expect(calls.map((c) => c.settled)).toEqual([true, true, false, false, false]);
    for (const c of calls.slice(0, 2)) releaseWith(c.value!, BARE_ANSWER);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.filter((c) => c.settled)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    // All three starts of the first window were at the same instant, so all three slots free at once.
    expect(calls.map((c) => c.settled)).toEqual([true, true, true, true, true]);
  });

  it('counts any window, not only windows starting at the first call', async () => {
    const limiter = new RateLimiter({ perMinute: 2, windowMs: 1_000 });
    releaseWith(await limiter.acquire(), BARE_ANSWER);
    await vi.advanceTimersByTimeAsync(900);
    releaseWith(await limiter.acquire(), BARE_ANSWER);
    await vi.advanceTimersByTimeAsync(100);
    releaseWith(await limiter.acquire(), BARE_ANSWER);
    // Two starts within the last 1 000 ms (at 900 and 1 000): the next waits for the one at 900 to age out.
    const next = track(limiter.acquire());
    await vi.advanceTimersByTimeAsync(899);
    expect(next.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(next.settled).toBe(true);
  });
});
