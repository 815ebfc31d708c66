import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter, type RateLimitPermit } from '../../../src/transport/rate-limit/index.js';
import { answer, flush, track } from './helpers.js';
import { releaseWith } from '../../../src/transport/rate-limit/rate-limiter.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000_000);
});
afterEach(() => vi.useRealTimers());

/** A limiter whose probe has been answered with `remaining` and `resetMs`. */
async function knownLimiter(remaining: number, resetMs = 30_000, perMinute = 60): Promise<RateLimiter> {
  const limiter = new RateLimiter({ perMinute });
  releaseWith(await limiter.acquire(), answer(remaining, resetMs));
  return limiter;
}

async function acquireMany(limiter: RateLimiter, n: number): Promise<RateLimitPermit[]> {
  return Promise.all(Array.from({ length: n }, () => limiter.acquire()));
}

describe('the server headers', () => {
  it('hold new calls at Remaining 0 until the reset instead of sending them into a 429', async () => {
    const limiter = await knownLimiter(0, 5_000);
    const next = track(limiter.acquire());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(next.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(next.settled).toBe(true);
  });

  it('subtract the calls still in flight from an answer’s Remaining', async () => {
    const limiter = await knownLimiter(10);
    const [first] = await acquireMany(limiter, 3);
    // Produced before the other two reached the server, so it still counts them as available.
    releaseWith(first!, answer(9, 29_000));
    expect((await limiter.state()).remaining).toBe(7);
    const more = Array.from({ length: 8 }, () => track(limiter.acquire()));
    await flush();
    expect(more.filter((c) => c.settled)).toHaveLength(7);
  });

  it('give back a call that was already counted once its own answer arrives', async () => {
    const limiter = await knownLimiter(10);
    const [a, b] = await acquireMany(limiter, 2);
    releaseWith(a!, answer(8, 29_000));
    expect((await limiter.state()).remaining).toBe(7);
    releaseWith(b!, answer(8, 29_000));
    expect((await limiter.state()).remaining).toBe(8);
  });

  it('never let a stale answer raise the budget within the same window', async () => {
    const limiter = await knownLimiter(10);
    const [older, newer] = await acquireMany(limiter, 2);
    releaseWith(newer!, answer(5, 29_000));
    releaseWith(older!, answer(6, 29_000));
    expect((await limiter.state()).remaining).toBe(5);
  });

  it('lower the budget when other integrations of the partner spend it', async () => {
    const limiter = await knownLimiter(50);
    releaseWith(await limiter.acquire(), answer(2, 29_000));
    await acquireMany(limiter, 2);
    const third = track(limiter.acquire());
    await flush();
    expect(third.settled).toBe(false);
  });

  it('let the server’s limit win when it is lower than the configured one', async () => {
    const limiter = new RateLimiter({ perMinute: 60 });
    releaseWith(await limiter.acquire(), answer(1, 30_000, { limit: 2 }));
    const calls = [track(limiter.acquire()), track(limiter.acquire())];
    await flush();
    expect(calls.map((c) => c.settled)).toEqual([true, false]);
    expect((await limiter.state()).limit).toBe(2);
  });

  it('keep the configured limit when the server allows more', async () => {
    const limiter = new RateLimiter({ perMinute: 3 });
    releaseWith(await limiter.acquire(), answer(99, 30_000, { limit: 100 }));
    const calls = Array.from({ length: 3 }, () => track(limiter.acquire()));
    await flush();
    expect(calls.map((c) => c.settled)).toEqual([true, true, false]);
    expect((await limiter.state()).limit).toBe(3);
  });

  it('ignore, after a reset, answers to calls sent before it', async () => {
    const limiter = await knownLimiter(10, 1_000);
    const old = await limiter.acquire();
    await vi.advanceTimersByTimeAsync(1_000);
    const probe = await limiter.acquire();
    releaseWith(old, answer(9, 500));
    expect((await limiter.state()).source).toBe('probing');
    releaseWith(probe, answer(9, 60_000));
    // The old call may have reached the server after its reset, so it stays subtracted for now.
    expect(await limiter.state()).toMatchObject({ source: 'server', remaining: 8 });
    releaseWith(await limiter.acquire(), answer(7, 59_000));
    expect((await limiter.state()).remaining).toBe(7);
  });
});

describe('a 429', () => {
  it('pauses every call until Retry-After has passed', async () => {
    const limiter = await knownLimiter(10);
    const permit = await limiter.acquire();
    releaseWith(permit, answer(0, 20_000, { status: 429, retryAfterMs: 5_000 }));
    const calls = [track(limiter.acquire()), track(limiter.acquire())];
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls.some((c) => c.settled)).toBe(false);
    expect((await limiter.state()).pausedUntil).toBe(Date.now() + 1);
    await vi.advanceTimersByTimeAsync(1);
    // The pause ends with a probe, since a 429 means the budget was not what it seemed.
    expect(calls.map((c) => c.settled)).toEqual([true, false]);
  });

  it('pauses until the reset when it has no Retry-After', async () => {
    const limiter = await knownLimiter(10);
    releaseWith(await limiter.acquire(), answer(0, 3_000, { status: 429 }));
    const next = track(limiter.acquire());
    await vi.advanceTimersByTimeAsync(2_999);
    expect(next.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(next.settled).toBe(true);
  });
});
