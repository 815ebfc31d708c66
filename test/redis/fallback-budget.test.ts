/** The budget one process keeps to while Redis is unreachable: its share of what is left, on a fake clock. */
import { describe, expect, it } from 'vitest';
import { FallbackBudget } from '../../src/redis/fallback-budget.js';

const grantedOf = (budget: FallbackBudget, now: number, asks: number) => Array.from({ length: asks }, () => budget.tryTake(now)).filter((t) => t.granted).length;

describe('FallbackBudget', () => {
  it('three processes falling back mid-window together start no more calls than the window had left', () => {
    const now = 1_000_000;
    const known = { remaining: 8, until: now + 20_000 };
    const shares = [0, 1, 2].map(() => new FallbackBudget({ limit: 60, windowMs: 60_000, share: 3, known, now }));
    // floor(8 / 3) = 2 each: 6 <= 8, where a fresh window would have given 20 each (60 calls).
    expect(shares.map((b) => grantedOf(b, now, 30))).toEqual([2, 2, 2]);
    // Once that window has ended, each has 1/3 of a full window.
    expect(shares.map((b) => grantedOf(b, now + 20_000, 30))).toEqual([20, 20, 20]);
  });

  it('without a known window, a share of a full one; an answer only lowers what is left and moves the end to the server’s', () => {
    const now = 0;
    const budget = new FallbackBudget({ limit: 12, windowMs: 60_000, share: 3, known: undefined, now });
    expect(budget.tryTake(now).granted).toBe(true);
    budget.settle({ kind: 'answered', observation: { status: 200, limit: 12, remaining: 3, resetMs: 10_000 } }, now);
    expect(budget.left).toBe(1); // floor(3 / 3), not the 3 its own share still had
    expect(budget.windowEnd).toBe(10_000);
    expect(grantedOf(budget, now, 5)).toBe(1);
    expect(budget.tryTake(now)).toMatchObject({ granted: false, reason: 'window', retryAt: 10_000 });
  });

  it('a 429 pauses it (bounded) and spends what was left; a call never sent gives its slot back', () => {
    const budget = new FallbackBudget({ limit: 12, windowMs: 60_000, share: 2, known: undefined, now: 0 });
    expect(budget.tryTake(0).granted).toBe(true);
    budget.settle({ kind: 'unsent' }, 0);
    expect(budget.left).toBe(6);
    budget.settle({ kind: 'answered', observation: { status: 429, retryAfterMs: 10 ** 12 } }, 0);
    const refused = budget.tryTake(1);
    expect(refused).toMatchObject({ granted: false, reason: 'paused' });
    expect(!refused.granted && refused.retryAt).toBeLessThanOrEqual(120_000);
  });
});
