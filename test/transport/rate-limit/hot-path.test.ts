import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryBudgetStore, RateLimiter, type RateBudgetStore, type RateSettlement, type RateTake } from '../../../src/transport/rate-limit/index.js';
import { answer, flush, track } from './helpers.js';
import { releaseWith } from '../../../src/transport/rate-limit/rate-limiter.js';

afterEach(() => vi.restoreAllMocks());

describe('acquire with budget left and nobody waiting', () => {
  it('returns an already-resolved permit and leaves nothing pending', async () => {
    // Fake timers: a permit that needed a timer would never settle here, and one left behind is counted.
    vi.useFakeTimers();
    try {
      const limiter = new RateLimiter();
      releaseWith(await limiter.acquire(), answer(59, 60_000));
      for (let i = 0; i < 20; i++) {
        const call = track(limiter.acquire());
        await Promise.resolve();
        await Promise.resolve();
        expect(call.settled).toBe(true);
        releaseWith(call.value!, answer(58 - i, 59_000));
      }
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('callers of one tick, with budget for all', () => {
  // Every store answers with a promise, and the limiter asks it for one caller at a time; a caller in
  // line behind a take in progress is not waiting for budget, so no wait is reported (no
  // onRateLimitWait hook, no wait metric) unless the store refuses.
  it('are granted without a reported wait, with the default store and with any other', async () => {
    const waits = async (store: RateBudgetStore | undefined) => {
      const limiter = new RateLimiter(store === undefined ? {} : { store });
      releaseWith(await limiter.acquire(), answer(59, 60_000));
      const reported: string[] = [];
      const permits = await Promise.all([1, 2, 3, 4, 5].map(() => limiter.acquire({ onWait: (w) => void reported.push(w.reason) })));
      for (const p of permits) releaseWith(p, answer(50, 59_000));
      return reported;
    };
    expect(await waits(undefined)).toEqual([]);
    const memory = new MemoryBudgetStore({ perMinute: 60, windowMs: 60_000 });
    const slower: RateBudgetStore = {
      tryTake: async (now) => (await flush(), memory.tryTake(now)),
      settle: async (t, s, now) => memory.settle(t, s, now),
      snapshot: async (now) => memory.snapshot(now),
    };
    expect(await waits(slower)).toEqual([]);
  });

  it('behind a caller the store refused, are each reported once as queued', async () => {
    vi.useFakeTimers();
    try {
      const limiter = new RateLimiter({ perMinute: 1, windowMs: 60_000 });
      releaseWith(await limiter.acquire(), answer(0, 60_000));
      const reported: string[] = [];
      const calls = [1, 2, 3].map(() => track(limiter.acquire({ onWait: (w) => void reported.push(w.reason) })));
      await flush();
      expect(reported).toEqual(['window', 'queue', 'queue']);
      limiter.acquire({ onWait: (w) => void reported.push(w.reason) }).catch(() => {});
      expect(reported).toEqual(['window', 'queue', 'queue', 'queue']);
      expect(calls.some((c) => c.settled)).toBe(false);
      await limiter.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a more urgent caller arriving while a take is asked', () => {
  it('is asked next, and reported as waiting only if the store refuses it too', async () => {
    const store: RateBudgetStore = {
      tryTake: async (now, request) => (await flush(), request.priority === 'bulk' ? { granted: false, retryAt: now + 60_000, reason: 'priority' } : { granted: true, ticket: now }),
      settle: async () => {},
      snapshot: async () => ({ limit: 1, remaining: 0, resetAt: undefined, pausedUntil: undefined, source: 'server' }),
    };
    const limiter = new RateLimiter({ store });
    const reported: string[] = [];
    const bulk = track(limiter.acquire({ priority: 'bulk', onWait: (w) => void reported.push(`${w.priority}:${w.reason}`) }));
    const urgent = track(limiter.acquire({ priority: 'interactive', onWait: (w) => void reported.push(`${w.priority}:${w.reason}`) }));
    for (let i = 0; i < 4; i++) await flush();
    expect(urgent.settled).toBe(true);
    expect(bulk.settled).toBe(false);
    expect(reported).toEqual(['bulk:priority']);
    await limiter.close();
  });
});

describe('the budget store', () => {
  it('holds the budget arithmetic: the limiter only asks it', async () => {
    const settled: RateSettlement[] = [];
    let allow = true;
    const store: RateBudgetStore = {
      tryTake: async (now) => (allow ? { granted: true, ticket: now } : { granted: false, retryAt: undefined }),
      settle: async (_ticket, s) => void settled.push(s),
      snapshot: async () => ({ limit: 7, remaining: 1, resetAt: undefined, pausedUntil: undefined, source: 'server' }),
    };
    const limiter = new RateLimiter({ store });
    const permit = await limiter.acquire();
    allow = false;
    const waiting = track(limiter.acquire());
    await flush();
    expect(waiting.settled).toBe(false);
    allow = true;
    releaseWith(permit, answer(1, 1_000));
    await flush();
    expect(waiting.settled).toBe(true);
    expect(settled).toEqual([{ kind: 'answered', observation: answer(1, 1_000) }]);
    expect(await limiter.state()).toMatchObject({ limit: 7, inFlight: 1, waitingHere: { normal: 0 } });
  });

  it('may answer with promises, as a networked store would, and callers are still served in order', async () => {
    const memory = new MemoryBudgetStore({ perMinute: 2, windowMs: 60_000 });
    const store: RateBudgetStore = {
      tryTake: async (now) => memory.tryTake(now),
      settle: async (ticket, s, now) => memory.settle(ticket, s, now),
      snapshot: (now) => memory.snapshot(now),
    };
    const limiter = new RateLimiter({ store });
    const order: string[] = [];
    const probe = await limiter.acquire();
    const calls = ['a', 'b', 'c'].map((name) => limiter.acquire().then((p) => (order.push(name), p)));
    releaseWith(probe, { status: 200 });
    await flush();
    expect(order).toEqual(['a']);
    expect(track(calls[2]!).settled).toBe(false);
  });

  it('gets a ticket back unspent when its caller aborted while an asynchronous take was pending', async () => {
    let grant: (take: RateTake) => void = () => {};
    const settlements: RateSettlement[] = [];
    const store: RateBudgetStore = {
      tryTake: () => new Promise<RateTake>((resolve) => (grant = resolve)),
      settle: async (_t, s) => void settlements.push(s),
      snapshot: async () => ({ limit: 1, remaining: 0, resetAt: undefined, pausedUntil: undefined, source: 'server' }),
    };
    const limiter = new RateLimiter({ store });
    const controller = new AbortController();
    const call = track(limiter.acquire(controller.signal));
    controller.abort(new Error('gave up'));
    grant({ granted: true, ticket: 1 });
    await flush();
    expect(call.error).toEqual(new Error('gave up'));
    expect(settlements).toEqual([{ kind: 'unsent' }]);
  });
});
