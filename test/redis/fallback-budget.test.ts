/** The budget one process keeps to while Redis is unreachable: its share of what is left, on a fake clock. */
import { describe, expect, it } from 'vitest';
import { FallbackBudget } from '../../src/redis/fallback-budget.js';
import type { RateSettlement } from '../../src/transport/rate-limit/budget-store.js';
import { observationFromHeaders } from '../../src/transport/rate-limit/observation.js';

const grantedOf = (budget: FallbackBudget, now: number, asks: number) => Array.from({ length: asks }, () => budget.tryTake(now)).filter((t) => t.granted).length;

describe('FallbackBudget', () => {
  it('three processes falling back mid-window together start no more calls than the window had left', () => {
    const now = 1_000_000;
    const known = { remaining: 8, until: now + 20_000 };
    const shares = [0, 1, 2].map(() => new FallbackBudget({ limit: 60, windowMs: 60_000, share: 3, known, now }));
    // floor(8 / 3) = 2 each: 6 <= 8, where a fresh window would have given 20 each (60 calls).
    expect(shares.map((b) => grantedOf(b, now, 30))).toEqual([2, 2, 2]);
    // Once that window has ended, each has 1/3 of a full client window, in which its 2 calls of 20 s ago
    // still count: 2 + 18 = 20 per process in any 60 s, 60 for the three.
    expect(shares.map((b) => grantedOf(b, now + 20_000, 30))).toEqual([18, 18, 18]);
  });

  it('without a known window, a share of a full one; an answer only lowers what is left and moves the end to the server’s', () => {
    const now = 0;
    const budget = new FallbackBudget({ limit: 12, windowMs: 60_000, share: 3, known: undefined, now });
    const first = budget.tryTake(now);
    expect(first.granted).toBe(true);
    budget.settle({ kind: 'answered', observation: { status: 200, limit: 12, remaining: 3, resetMs: 10_000 } }, now, (first as { ticket: number }).ticket);
    expect(budget.leftAt(now)).toBe(1); // floor(3 / 3), not the 3 its own share still had
    expect(budget.serverShare(now)?.until).toBe(10_000);
    expect(grantedOf(budget, now, 5)).toBe(1);
    expect(budget.tryTake(now)).toMatchObject({ granted: false, reason: 'server', retryAt: 10_000 });
  });

  it('a 429 pauses it (bounded) and spends what was left; a call never sent gives its slot back', () => {
    const budget = new FallbackBudget({ limit: 12, windowMs: 60_000, share: 2, known: undefined, now: 0 });
    const unsent = budget.tryTake(0);
    expect(unsent.granted).toBe(true);
    budget.settle({ kind: 'unsent' }, 0, (unsent as { ticket: number }).ticket);
    expect(budget.leftAt(0)).toBe(6);
    const refused = budget.tryTake(0);
    budget.settle({ kind: 'answered', observation: { status: 429, retryAfterMs: 10 ** 12 } }, 0, (refused as { ticket: number }).ticket);
    const held = budget.tryTake(1);
    expect(held).toMatchObject({ granted: false, reason: 'paused' });
    expect(!held.granted && held.retryAt).toBeLessThanOrEqual(120_000);
  });
});

/** A client set to 8 calls per 3 s: each process's own rate is 8 / 4 = 2 per 3 s. */
const LIMIT = 8;
const WINDOW_MS = 3_000;
const SHARE = 4;
/** How long each call takes to be answered on the fake clock (the in-memory run: 6 calls in 6.1 s). */
const CALL_MS = 100;

/** The server's answer as the pipeline reads it from its headers. */
const answer = (remaining: number, resetSeconds: number, now: number): RateSettlement => ({
  kind: 'answered',
  observation: observationFromHeaders(200, new Headers({ 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(resetSeconds) }), now),
});

/**
 * Makes `calls` calls one after the other as the limiter does, from `start`: a refused take waits (on
 * the fake clock) until the time it was told, a granted one is answered `CALL_MS` later with the
 * server's numbers. Returns when each call started.
 */
function startsOfCalls(budget: FallbackBudget, start: number, calls: number, server: { remaining: number; resetSeconds: number }): number[] {
  const starts: number[] = [];
  let now = start;
  // Bounded, so that a budget that never grants fails the test instead of looping.
  for (let asks = 0; starts.length < calls && asks < 100; asks++) {
    const take = budget.tryTake(now);
    if (!take.granted) {
      expect(take.retryAt).toBeGreaterThan(now);
      now = take.retryAt!;
      continue;
    }
    starts.push(now);
    now += CALL_MS;
    budget.settle(answer(server.remaining, server.resetSeconds, now), now, take.ticket as number);
  }
  return starts;
}

/** The client window (0, 1, 2, ...) of each start, counted from `origin`. */
const windowsOf = (starts: number[], origin = 0) => starts.map((t) => Math.floor((t - origin) / WINDOW_MS));

describe('FallbackBudget with a limit below its share', () => {
  it('starts no call and names a time to ask again (a window later), never an invalid one', () => {
    const budget = new FallbackBudget({ limit: 3, windowMs: 60_000, share: 4, known: undefined, now: 0 });
    expect(budget.tryTake(0)).toEqual({ granted: false, retryAt: 60_000, reason: 'window' });
    expect(budget.leftAt(0)).toBe(0);
  });
});

describe('FallbackBudget under a server window longer than the client’s', () => {
  const fresh = (now: number) => new FallbackBudget({ limit: LIMIT, windowMs: WINDOW_MS, share: SHARE, known: undefined, now });

  it.each([60, 10, 3])('with Remaining 999 and Reset %i, six calls start within three client windows, two in each', (resetSeconds) => {
    expect(windowsOf(startsOfCalls(fresh(0), 0, 6, { remaining: 999, resetSeconds }))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('never starts more than its share of the client’s own limit in any client window, however much the server has left', () => {
    const budget = fresh(0);
    const starts: number[] = [];
    for (let now = 0; now < 30_000; now += 250) {
      const take = budget.tryTake(now);
      if (!take.granted) continue;
      starts.push(now);
      budget.settle(answer(999, 60, now), now, take.ticket as number);
    }
    // floor(8 / 4) = 2 in every span of one client window, wherever it starts.
    for (const from of starts) expect(starts.filter((t) => t >= from && t < from + WINDOW_MS).length).toBeLessThanOrEqual(2);
    expect(starts.length).toBeGreaterThanOrEqual(18); // 2 per 3 s over 30 s: the client's rate ÷ 4, not 2 a minute
  });

  it('spends its share of what the server has left once across all the client windows of one long server window', () => {
    const now = 0;
    // Four processes fall back with Redis's last word: 6 left in a window that ends in 60 s.
    const known = { remaining: 6, until: now + 60_000 };
    const shares = [0, 1, 2, 3].map(() => new FallbackBudget({ limit: LIMIT, windowMs: WINDOW_MS, share: SHARE, known, now }));
    const granted = shares.map((budget) => {
      let count = 0;
      // Twenty client windows, each asking for more than the client's own share.
      for (let t = now; t < now + 60_000; t += WINDOW_MS) {
        for (let i = 0; i < 3; i++) {
          const take = budget.tryTake(t);
          if (!take.granted) {
            expect(take.retryAt).toBe(now + 60_000);
            continue;
          }
          count++;
          budget.settle(answer(5, 60 - t / 1000, t), t, take.ticket as number);
        }
      }
      return count;
    });
    // floor(6 / 4) = 1 each over the whole server window: 4 <= 6, not 1 per client window (20 each).
    expect(granted).toEqual([1, 1, 1, 1]);
  });

  it('an answer from the server’s next window, arriving before the known one was due to end, starts a fresh share', () => {
    const now = 0;
    // Redis said 8 left until 2 s from now: floor(8 / 4) = 2 for this process.
    const budget = new FallbackBudget({ limit: LIMIT, windowMs: WINDOW_MS, share: SHARE, known: { remaining: 8, until: now + 2_000 }, now });
    const first = budget.tryTake(now);
    expect(first.granted).toBe(true);
    // The server's window had in fact ended a little earlier than Redis's clock said: a new one, 999 left.
    budget.settle(answer(999, 60, now + 1_500), now + 1_500, (first as { ticket: number }).ticket);
    const starts = [now, ...startsOfCalls(budget, now + 1_500, 5, { remaining: 998, resetSeconds: 58 })];
    // Not held until that new window's end, 60 s away: the client's own 2 per 3 s.
    expect(windowsOf(starts, now)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('a 429 still pauses it, and nothing goes until the server’s window ends when the 429 says when that is', () => {
    const budget = fresh(0);
    const take = budget.tryTake(0);
    budget.settle(answer(999, 60, 0), 0, (take as { ticket: number }).ticket);
    const refusedCall = budget.tryTake(100);
    budget.settle(
      { kind: 'answered', observation: observationFromHeaders(429, new Headers({ 'retry-after': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '20' }), 200) },
      200,
      (refusedCall as { ticket: number }).ticket,
    );
    expect(budget.tryTake(300)).toMatchObject({ granted: false, reason: 'paused', retryAt: 5_200 });
    expect(budget.tryTake(5_200)).toMatchObject({ granted: false, reason: 'server', retryAt: 20_200 });
    expect(budget.tryTake(20_200).granted).toBe(true);
  });
});
