import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { looseObject } from '../../src/internal/loose-object.js';

// The same shape built both ways: zod/mini's own looseObject (generic parser) and the SDK's (generated parser).
const shapeOf = (object: typeof looseObject | typeof z.looseObject) => {
  const inner = object({ id: z.string(), n: z.int() });
  return object({
    sku: z.string(),
    estoque: z.optional(z.int()),
    ativo: z.nullable(z.boolean()),
    ref: inner,
    refs: z.array(inner),
    tags: z.optional(z.array(z.string())),
  });
};
const sdk = shapeOf(looseObject);
const plain = shapeOf(z.looseObject);

/** Values that mostly fit the shape, with fields dropped, retyped or added at random. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.jsonValue() });
const inner = fc.record({ id: maybe(fc.string()), n: maybe(fc.integer()) }, { requiredKeys: [] });
const candidate = fc.oneof(
  { weight: 9, arbitrary: fc.record(
    {
      sku: maybe(fc.string()),
      estoque: maybe(fc.integer()),
      ativo: maybe(fc.option(fc.boolean(), { nil: null })),
      ref: maybe(inner),
      refs: maybe(fc.array(inner, { maxLength: 3 })),
      tags: maybe(fc.array(fc.string(), { maxLength: 3 })),
      extra: fc.jsonValue(),
    },
    { requiredKeys: ['sku', 'ativo', 'ref', 'refs'] },
  ) },
  { weight: 1, arbitrary: fc.jsonValue() },
);

describe('looseObject (zod/mini object with the generated parser)', () => {
  it('parses exactly as zod/mini looseObject: same success, same data, same issues', () => {
    fc.assert(
      fc.property(candidate, (value) => {
        const a = z.safeParse(sdk, value);
        const b = z.safeParse(plain, value);
        expect(a.success).toBe(b.success);
        if (a.success && b.success) expect(a.data).toEqual(b.data);
        else expect(a.error?.issues.map(({ code, path }) => ({ code, path }))).toEqual(b.error?.issues.map(({ code, path }) => ({ code, path })));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps unknown keys and returns a new object', () => {
    const input = { sku: 'A', ativo: null, ref: { id: 'r', n: 1, cor: 'azul' }, refs: [], novo: { x: 1 } };
    const out = sdk.parse(input);
    expect(out).toEqual(input);
    expect(out).not.toBe(input);
  });

  it('is a zod/mini object to zod: shape, instanceof, and derived schemas keep working', () => {
    expect(sdk).toBeInstanceOf(z.ZodMiniObject);
    expect(Object.keys(sdk.shape)).toEqual(['sku', 'estoque', 'ativo', 'ref', 'refs', 'tags']);
    const derived = z.extend(z.partial(sdk), { sku: z.string() });
    expect(derived.parse({ sku: 'B', outro: 1 })).toEqual({ sku: 'B', outro: 1 });
    expect(z.safeParse(z.pick(sdk, { ref: true }), { ref: { id: 1 } }).error?.issues.map((i) => i.path)).toEqual([['ref', 'id'], ['ref', 'n']]);
  });
});
