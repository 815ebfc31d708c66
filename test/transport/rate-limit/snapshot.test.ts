import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../../../src/transport/rate-limit/index.js';
import { answer } from './helpers.js';
import { releaseWith } from '../../../src/transport/rate-limit/rate-limiter.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000_000);
});
afterEach(() => vi.useRealTimers());

describe('snapshot', () => {
  it('reports limit, remaining, resetAt, inFlight and waiting', async () => {
    const limiter = new RateLimiter();
    expect(limiter.snapshot()).toEqual({
      limit: 60,
      remaining: undefined,
      resetAt: undefined,
      pausedUntil: undefined,
      source: 'probing',
      inFlight: 0,
      waiting: 0,
    });
    const probe = await limiter.acquire();
    void limiter.acquire();
    expect(limiter.snapshot()).toMatchObject({ inFlight: 1, waiting: 1 });

    releaseWith(probe, answer(10, 30_000, { limit: 50 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(limiter.snapshot()).toEqual({
      limit: 50,
      remaining: 9,
      resetAt: 1_000_030_000,
      pausedUntil: undefined,
      source: 'server',
      inFlight: 1,
      waiting: 0,
    });
  });

  it('changes nothing: a window that ended shows as probing without being reset', async () => {
    const limiter = new RateLimiter();
    releaseWith(await limiter.acquire(), answer(0, 1_000));
    vi.setSystemTime(1_000_001_000);
    expect(limiter.snapshot()).toMatchObject({ source: 'probing', remaining: undefined, resetAt: undefined });
    vi.setSystemTime(1_000_000_500);
    expect(limiter.snapshot()).toMatchObject({ source: 'server', remaining: 0 });
  });
});
