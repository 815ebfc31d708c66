import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { memoByKey, once } from '../../src/internal/once.js';

describe('once', () => {
  it('builds nothing until the first call, then hands back that same schema without building again', () => {
    const build = vi.fn(() => z.object({ sku: z.string() }));
    const schema = once(build);
    expect(build).not.toHaveBeenCalled();
    const first = schema();
    expect(first.parse({ sku: 'A' })).toEqual({ sku: 'A' });
    expect(schema()).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('keeps no failure: a build that throws is run again on the next call', () => {
    let calls = 0;
    const value = once(() => {
      calls++;
      if (calls === 1) throw new Error('first build fails');
      return { calls };
    });
    expect(() => value()).toThrow('first build fails');
    expect(value()).toEqual({ calls: 2 });
    expect(value()).toEqual({ calls: 2 });
  });
});

describe('memoByKey', () => {
  it('builds once per key, on the first use of that key', () => {
    const build = vi.fn((key: string) => ({ key }));
    const byKey = memoByKey(build);
    expect(build).not.toHaveBeenCalled();
    const a = byKey('a');
    expect(byKey('a')).toBe(a);
    expect(byKey('b')).toEqual({ key: 'b' });
    expect(build.mock.calls).toEqual([['a'], ['b']]);
  });
});
