import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/index.js';
import { createMemoryDedupeStore } from '../../src/webhooks/index.js';

describe('createMemoryDedupeStore', () => {
  it('remembers an id until its ttl passes', () => {
    let now = 1_000;
    const store = createMemoryDedupeStore({ now: () => now });
    expect(store.has('evt_1')).toBe(false);
    void store.add('evt_1', 500);
    expect(store.has('evt_1')).toBe(true);
    now = 1_499;
    expect(store.has('evt_1')).toBe(true);
    now = 1_500;
    expect(store.has('evt_1')).toBe(false);
  });

  it('keeps at most maxEntries ids, forgetting the least recently used first', () => {
    const store = createMemoryDedupeStore({ maxEntries: 3 });
    for (const id of ['a', 'b', 'c']) void store.add(id, 60_000);
    expect(store.has('a')).toBe(true); // a is now the most recent
    void store.add('d', 60_000);
    expect(['a', 'b', 'c', 'd'].map((id) => store.has(id))).toEqual([true, false, true, true]);
  });

  it('stays bounded under many ids', () => {
    const store = createMemoryDedupeStore({ maxEntries: 100 });
    for (let i = 0; i < 10_000; i++) void store.add(`evt_${i}`, 60_000);
    const kept = Array.from({ length: 10_000 }, (_, i) => store.has(`evt_${i}`)).filter(Boolean).length;
    expect(kept).toBe(100);
    expect(store.has('evt_9999')).toBe(true);
  });

  it('refuses a maxEntries that is not a positive integer', () => {
    expect(() => createMemoryDedupeStore({ maxEntries: 0 })).toThrow(InvalidInputError);
    expect(() => createMemoryDedupeStore({ maxEntries: 1.5 })).toThrow(/maxEntries: must be a positive whole number \(got 1\.5\)/);
  });
});
