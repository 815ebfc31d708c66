import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../../../src/transport/rate-limit/index.js';
import { answer } from './helpers.js';
import { releaseWith } from '../../../src/transport/rate-limit/rate-limiter.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000_000);
});
afterEach(() => vi.useRealTimers());

describe('state', () => {
  it('is the one read of a limiter: there is no synchronous snapshot() beside it', () => {
    expect('snapshot' in RateLimiter.prototype).toBe(false);
  });

  it('reports limit, remaining, resetAt, inFlight and waiting', async () => {
    const limiter = new RateLimiter();
    expect(await limiter.state()).toEqual({
      limit: 60,
      remaining: undefined,
      resetAt: undefined,
      pausedUntil: undefined,
      source: 'probing',
      inFlight: 0,
      waiting: { interactive: 0, normal: 0, bulk: 0 },
      waitingHere: { interactive: 0, normal: 0, bulk: 0 },
    });
    const probe = await limiter.acquire();
    void limiter.acquire();
    expect(await limiter.state()).toMatchObject({ inFlight: 1, waiting: { normal: 1 }, waitingHere: { normal: 1 } });

    releaseWith(probe, answer(10, 30_000, { limit: 50 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(await limiter.state()).toEqual({
      limit: 50,
      remaining: 9,
      resetAt: 1_000_030_000,
      pausedUntil: undefined,
      source: 'server',
      inFlight: 1,
      waiting: { interactive: 0, normal: 0, bulk: 0 },
      waitingHere: { interactive: 0, normal: 0, bulk: 0 },
    });
  });

  it('changes nothing: a window that ended shows as probing without being reset', async () => {
    const limiter = new RateLimiter();
    releaseWith(await limiter.acquire(), answer(0, 1_000));
    vi.setSystemTime(1_000_001_000);
    expect(await limiter.state()).toMatchObject({ source: 'probing', remaining: undefined, resetAt: undefined });
    vi.setSystemTime(1_000_000_500);
    expect(await limiter.state()).toMatchObject({ source: 'server', remaining: 0 });
  });
});
