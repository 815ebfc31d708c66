import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyFromWire } from '../../src/money/from-wire.js';
import { Money } from '../../src/money/index.js';

/** The fields decimal.js computes with; equal fields mean an equal value in every operation. */
const fields = (m: Money) => {
  const { s, e, d } = m as unknown as { s: number; e: number; d: number[] };
  return { s, e, d: [...d] };
};

/** Wire strings: optional minus, 1 to 30 integer digits (leading zeros included), two decimals. */
const wire = fc
  .tuple(fc.boolean(), fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 30 }), fc.integer({ min: 0, max: 99 }))
  .map(([neg, int, cents]) => `${neg ? '-' : ''}${int}.${String(cents).padStart(2, '0')}`);

describe('moneyFromWire', () => {
  it('builds exactly what decimal.js builds from the same wire string', () => {
    fc.assert(
      fc.property(wire, (w) => {
        const fast = moneyFromWire(w);
        const reference = new Money(w);
        expect(fields(fast)).toEqual(fields(reference));
        expect(fast.toString()).toBe(reference.toString());
      }),
      { numRuns: 5_000 },
    );
  });

  it.each(['0.00', '-0.00', '0.05', '1.00', '9999999.99', '10000000.00', '123456789012345678901234567890.01', '007.10'])(
    'agrees with decimal.js on %s, across the word boundaries of its representation',
    (w) => {
      expect(fields(moneyFromWire(w))).toEqual(fields(new Money(w)));
    },
  );

  it('gives a real Money: arithmetic, instanceof and the wire form work', () => {
    const m = moneyFromWire('129.90');
    expect(m).toBeInstanceOf(Money);
    expect(m.plus('0.10').toString()).toBe('130.00');
    expect(m.times(3).toString()).toBe('389.70');
    expect(JSON.stringify({ m })).toBe('{"m":"129.90"}');
    expect(moneyFromWire('-5.00').isNegative()).toBe(true);
  });
});
