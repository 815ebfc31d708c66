import { describe, expect, it } from 'vitest';
import type { RateBudgetState } from '../../../src/transport/rate-limit/budget-store.js';
import { deferredStore, type ClosableBudgetStore } from '../../../src/transport/rate-limit/deferred-store.js';

const STATE: RateBudgetState = { limit: 60, remaining: 60, resetAt: undefined, pausedUntil: undefined, source: 'local' };

function fakeStore(log: string[]): ClosableBudgetStore {
  return {
    tryTake: () => (log.push('take'), { granted: true, ticket: 't1' }),
    settle: (ticket) => void log.push(`settle ${ticket}`),
    snapshot: () => STATE,
    close: async () => void log.push('close'),
  };
}

describe('a budget store made on first use (the Redis store, loaded by import())', () => {
  it('closing before any call never loads the store', async () => {
    let loads = 0;
    const store = deferredStore(async () => (loads++, fakeStore([])));
    await store.close();
    expect(loads).toBe(0);
  });

  it('loads once, for concurrent first calls, and closes what it loaded', async () => {
    const log: string[] = [];
    let loads = 0;
    const store = deferredStore(async () => (loads++, fakeStore(log)));
    const takes = await Promise.all([store.tryTake(0, { priority: 'normal', waiterId: 'a' }), store.tryTake(0, { priority: 'normal', waiterId: 'b' })]);
    await store.settle('t1', { kind: 'unsent' }, 1);
    expect(await store.snapshot(2)).toEqual(STATE);
    await store.close();
    expect(loads).toBe(1);
    expect(takes).toEqual([{ granted: true, ticket: 't1' }, { granted: true, ticket: 't1' }]);
    expect(log).toEqual(['take', 'take', 'settle t1', 'close']);
  });

  it('a store that fails to load fails the call that asked, and close still resolves', async () => {
    const store = deferredStore(() => Promise.reject(new Error('redis package missing')));
    await expect(store.tryTake(0, { priority: 'normal', waiterId: 'a' })).rejects.toThrow('redis package missing');
    await expect(store.close()).resolves.toBeUndefined();
  });
});
