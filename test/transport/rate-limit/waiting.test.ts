import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../../../src/transport/rate-limit/index.js';
import { answer, flush, track } from './helpers.js';
import { releaseWith } from '../../../src/transport/rate-limit/rate-limiter.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000_000);
});
afterEach(() => vi.useRealTimers());

describe('callers waiting for budget', () => {
  it('are served first come, first served', async () => {
    const limiter = new RateLimiter();
    const probe = await limiter.acquire();
    const order: string[] = [];
    const calls = ['a', 'b', 'c', 'd'].map((name) => limiter.acquire().then((p) => (order.push(name), p)));
    releaseWith(probe, answer(1, 1_000));
    await flush();
    expect(order).toEqual(['a']);
    releaseWith(await calls[0]!, answer(0, 900));
    await vi.advanceTimersByTimeAsync(900);
    expect(order).toEqual(['a', 'b']);
    releaseWith(await calls[1]!, answer(2, 1_000));
    await flush();
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reject at once with signal.reason when aborted, and leave the budget to the next caller', async () => {
    const limiter = new RateLimiter();
    const probe = await limiter.acquire();
    const controller = new AbortController();
    const aborted = track(limiter.acquire(controller.signal));
    const next = track(limiter.acquire());
    const reason = new Error('caller gave up');
    controller.abort(reason);
    await flush();
    expect(aborted.error).toBe(reason);
    expect((await limiter.state()).waitingHere.normal).toBe(1);
    releaseWith(probe, answer(1, 1_000));
    await flush();
    expect(next.settled).toBe(true);
    expect(await limiter.state()).toMatchObject({ inFlight: 1, waitingHere: { normal: 0 } });
  });

  it('reject without taking budget when the signal is already aborted', async () => {
    const limiter = new RateLimiter();
    const reason = new Error('already aborted');
    await expect(limiter.acquire(AbortSignal.abort(reason))).rejects.toBe(reason);
    expect((await limiter.state()).inFlight).toBe(0);
    // The probe slot is still free.
    const probe = track(limiter.acquire());
    await flush();
    expect(probe.settled).toBe(true);
  });

  it('ignore a permit released twice', async () => {
    const limiter = new RateLimiter();
    const probe = await limiter.acquire();
    releaseWith(probe, answer(2, 1_000));
    const a = await limiter.acquire();
    a.release();
    a.release();
    expect(await limiter.state()).toMatchObject({ inFlight: 0, remaining: 1 });
  });
});
