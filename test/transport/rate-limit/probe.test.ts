import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter, observationFromHeaders } from '../../../src/transport/rate-limit/index.js';
import { BARE_ANSWER, SimulatedServer, answer, flush, track } from './helpers.js';
import { releaseWith } from '../../../src/transport/rate-limit/rate-limiter.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000_300);
});
afterEach(() => vi.useRealTimers());

/** One call as the pipeline makes it: acquire, send, release; a 429 is retried. */
async function call(limiter: RateLimiter, server: SimulatedServer): Promise<void> {
  for (;;) {
    const permit = await limiter.acquire();
    let res: { status: number; headers: Headers } | undefined;
    try {
      res = await server.handle();
    } finally {
      releaseWith(permit, res ? observationFromHeaders(res.status, res.headers) : undefined);
    }
    if (res.status !== 429) return;
  }
}

/** Advances fake time until `done` settles, failing instead of looping forever. */
async function runUntil(done: Promise<unknown>, stepMs: number, maxSteps: number): Promise<void> {
  const state = track(done);
  for (let i = 0; i < maxSteps && !state.settled; i++) await vi.advanceTimersByTimeAsync(stepMs);
  expect(state.settled, 'work did not finish in the time allowed').toBe(true);
  expect(state.error).toBeUndefined();
}

describe('a fresh limiter', () => {
  it('lets only one probe call go until an answer shows the budget, then releases the others by it', async () => {
    const limiter = new RateLimiter();
    const calls = Array.from({ length: 5 }, () => track(limiter.acquire()));
    await flush();
    expect(calls.map((c) => c.settled)).toEqual([true, false, false, false, false]);

    releaseWith(calls[0]!.value!, answer(3, 30_000));
    await flush();
    expect(calls.map((c) => c.settled)).toEqual([true, true, true, true, false]);
  });

  it('probes again once the server window has ended', async () => {
    const limiter = new RateLimiter();
    releaseWith(await limiter.acquire(), answer(10, 1_000));
    const sameWindow = await limiter.acquire();
    releaseWith(sameWindow, answer(9, 900));

    await vi.advanceTimersByTimeAsync(1_000);
    const probe = track(limiter.acquire());
    const next = track(limiter.acquire());
    await flush();
    expect(probe.settled).toBe(true);
    expect(next.settled).toBe(false);
    expect((await limiter.state()).source).toBe('probing');
  });

  it('sends another probe when the first gets no answer, instead of stalling', async () => {
    const limiter = new RateLimiter();
    const first = await limiter.acquire();
    const second = track(limiter.acquire());
    releaseWith(first, undefined);
    await flush();
    expect(second.settled).toBe(true);
    expect((await limiter.state()).source).toBe('probing');
  });

  it('does not trust a headerless 5xx as proof that the server sends no rate headers', async () => {
    const limiter = new RateLimiter();
    releaseWith(await limiter.acquire(), { status: 502 });
    await limiter.acquire();
    const third = track(limiter.acquire());
    await flush();
    expect(third.settled).toBe(false);
  });

  it('stops waiting for a probe whose permit is never released after one window', async () => {
    const limiter = new RateLimiter({ perMinute: 60, windowMs: 5_000 });
    await limiter.acquire();
    const next = track(limiter.acquire());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(next.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(next.settled).toBe(true);
  });
});

describe('against a simulated server', () => {
  it('completes 40 concurrent calls against 10 calls per 2 s with at most 3 refused', async () => {
    const server = new SimulatedServer(10, 2_000, 40);
    const limiter = new RateLimiter();
    await runUntil(Promise.all(Array.from({ length: 40 }, () => call(limiter, server))), 100, 400);
    expect(server.accepted).toBe(40);
    expect(server.refused).toBeLessThanOrEqual(3);
    expect(server.busiestWindow).toBeLessThanOrEqual(10);
  });

  it('after a probe, applies the local budget alone when the server sends no rate headers', async () => {
    const server = new SimulatedServer(1_000, 60_000, 40, false);
    const limiter = new RateLimiter({ perMinute: 5, windowMs: 1_000 });
    const started: number[] = [];
    const work = Array.from({ length: 8 }, async () => {
      const permit = await limiter.acquire();
      started.push(Date.now());
      const res = await server.handle();
      releaseWith(permit, observationFromHeaders(res.status, res.headers));
    });
    await runUntil(Promise.all(work), 10, 300);
    const t0 = started[0]!;
    // The probe, then the rest of the local budget at once, then the sliding window frees slots.
    expect(started.slice(0, 5).map((t) => t - t0)).toEqual([0, 40, 40, 40, 40]);
    expect(started.slice(5).map((t) => t - t0)).toEqual([1_000, 1_040, 1_040]);
    expect((await limiter.state()).source).toBe('local');
  });

  it('switches to the local budget after a headerless probe answer', async () => {
    const limiter = new RateLimiter({ perMinute: 3, windowMs: 1_000 });
    releaseWith(await limiter.acquire(), BARE_ANSWER);
    const more = [track(limiter.acquire()), track(limiter.acquire()), track(limiter.acquire())];
    await flush();
    expect(more.map((c) => c.settled)).toEqual([true, true, false]);
  });
});
