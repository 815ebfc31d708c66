import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { built, lazySchema } from '../../src/internal/lazy-schema.js';
import { Money } from '../../src/money/index.js';
import { moneySchema } from '../../src/money/schema.js';

const shape = () => ({ sku: z.string(), estoque: z.optional(z.int()) });

describe('lazySchema', () => {
  it('builds nothing until first used, then builds exactly once', () => {
    const build = vi.fn(() => z.object(shape()));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ sku: 'A' })).toEqual({ sku: 'A' });
    expect(z.safeParse(schema, { sku: 1 }).success).toBe(false);
    void schema.shape;
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('is the real schema to zod: parse results, issues, shape, instanceof, `in` and keys are the same', () => {
    const real = z.object(shape());
    const lazy = lazySchema(() => real);
    for (const input of [{ sku: 'A', estoque: 2 }, { sku: 'A', estoque: 1.5 }, { estoque: 'x' }, null, 'A']) {
      expect(z.safeParse(lazy, input)).toEqual(z.safeParse(real, input));
    }
    expect(lazy.shape).toBe(real.shape);
    expect(lazy).toBeInstanceOf(z.ZodMiniObject);
    expect('shape' in lazy).toBe(true);
    expect(Reflect.ownKeys(lazy)).toEqual(Reflect.ownKeys(real));
    expect(Object.getPrototypeOf(lazy)).toBe(Object.getPrototypeOf(real));
  });

  it('works with the functions that derive schemas (extend, pick, partial, array)', () => {
    const lazy = lazySchema(() => z.object(shape()));
    expect(z.extend(lazy, { ativo: z.boolean() }).parse({ sku: 'A', ativo: true })).toEqual({ sku: 'A', ativo: true });
    expect(z.safeParse(z.pick(lazy, { sku: true }), {}).error?.issues.map((i) => i.path)).toEqual([['sku']]);
    expect(z.partial(lazy).parse({})).toEqual({});
    expect(z.array(lazy).parse([{ sku: 'A' }, { sku: 'B' }])).toHaveLength(2);
  });

  it('decodes and encodes through a codec (the money schema is lazy)', () => {
    expect(moneySchema.parse('12.30')).toBeInstanceOf(Money);
    expect(z.encode(moneySchema, Money.of('12.3'))).toBe('12.30');
  });

  it('built() gives the same real schema every time, and any other schema unchanged', () => {
    const real = z.string();
    const lazy = lazySchema(() => real);
    expect(built(lazy)).toBe(real);
    expect(built(lazy)).toBe(built(lazy));
    expect(built(real)).toBe(real);
  });

  it('refuses to delete properties or change its prototype', () => {
    const lazy = lazySchema(() => z.string());
    expect(Reflect.deleteProperty(lazy, 'parse')).toBe(false);
    expect(Reflect.setPrototypeOf(lazy, null)).toBe(false);
    expect(typeof lazy.parse).toBe('function');
  });

  it('shows the real schema in console.log / util.inspect, not an empty object', () => {
    const lazy = lazySchema(() => z.object(shape()));
    expect(inspect(lazy)).toBe(inspect(built(lazy)));
    expect(inspect(lazy)).not.toBe('{}');
  });
});
