import { inspect } from 'node:util';
import { Decimal } from 'decimal.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { refusal } from '../helpers/refusal.js';
import { Money, moneySchema } from '../../src/money/index.js';
import { moneyInput } from '../../src/models/requests/money-input.js';

describe('Money', () => {
  it('prints exactly two decimals with a dot', () => {
    expect(new Money('129.9').toString()).toBe('129.90');
    expect(new Money('-5').toString()).toBe('-5.00');
    expect(new Money('0').toString()).toBe('0.00');
    expect(new Money('0.5').toJSON()).toBe('0.50');
  });

  it('serialises to the wire string with JSON.stringify', () => {
    expect(JSON.stringify({ v: Money.of('129.90') })).toBe('{"v":"129.90"}');
    expect(JSON.stringify({ v: Money.of(-5) })).toBe('{"v":"-5.00"}');
  });

  it('shows the wire form in string conversions', () => {
    const m = Money.of('129.9');
    expect(`${m}`).toBe('129.90');
    // eslint-disable-next-line @typescript-eslint/restrict-plus-operands -- the point: + on a Money gives its text
    expect('R$ ' + m).toBe('R$ 129.90');
    expect(Number(m)).toBe(129.9);
  });

  it('shows the wire form when logged', () => {
    expect(inspect(Money.of('129.9'))).toBe('129.90');
    expect(inspect({ preco: Money.of(5) })).toBe('{ preco: 5.00 }');
  });

  it('keeps arithmetic results as Money, which are still Decimals', () => {
    const sum = Money.of('10.10').plus('0.20').times(2).minus(1).negated();
    expect(sum).toBeInstanceOf(Money);
    expect(sum).toBeInstanceOf(Decimal);
    expect(sum.toString()).toBe('-19.60');
    expectTypeOf(sum).toEqualTypeOf<Money>();
  });

  it('prints the full exact value instead of rounding when arithmetic leaves more than two places', () => {
    const m = Money.of('129.99').times('1.1');
    expect(m.toString()).toBe('142.989');
    expect(JSON.stringify(m)).toBe('"142.989"');
    expect(m.toDecimalPlaces(2).toString()).toBe('142.99');
  });

  it('does not follow a global Decimal.set precision', () => {
    Decimal.set({ precision: 5 });
    try {
      expect(Money.of('123456.78').plus('0.01').toString()).toBe('123456.79');
    } finally {
      Decimal.set({ defaults: true });
    }
  });
});

describe('Money.of', () => {
  it('accepts money strings with up to two decimals', () => {
    expect(Money.of('12').toString()).toBe('12.00');
    expect(Money.of('12.5').toString()).toBe('12.50');
    expect(Money.of('12.50').toString()).toBe('12.50');
    expect(Money.of('-5.00').toString()).toBe('-5.00');
  });

  it('accepts finite numbers with up to two decimals', () => {
    expect(Money.of(12.5).toString()).toBe('12.50');
    expect(Money.of(12).toString()).toBe('12.00');
    expect(Money.of(-3.25).toString()).toBe('-3.25');
    expect(Money.of(999999999999.99).toString()).toBe('999999999999.99');
  });

  it('accepts a Decimal with up to two places and returns Money', () => {
    const m = Money.of(new Decimal('12.5'));
    expect(m).toBeInstanceOf(Money);
    expect(m.toString()).toBe('12.50');
  });

  it('returns a valid Money unchanged', () => {
    const m = new Money('1.23');
    expect(Money.of(m)).toBe(m);
  });

  it.each([['12,50'], ['R$ 10'], [' 12.50'], ['12.50 '], [''], ['12.'], ['.5'], ['1e3'], ['12.505'], ['+12'], ['NaN']])('refuses the string %j', (input) => {
    const err = refusal(() => Money.of(input, 'precoVenda'));
    expect(err.issues[0]?.path).toBe('precoVenda');
    expect(err.issues[0]?.message).toContain('"129.90"');
    expect(err.message).toContain('precoVenda');
  });

  it.each([
    ['0.1 + 0.2', 0.1 + 0.2],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['three decimals', 12.345],
    ['1e21 (exponent form)', 1e21],
    ['1e-7 (exponent form)', 1e-7],
  ])('refuses the number %s', (_, input) => {
    expect(refusal(() => Money.of(input, 'valorVenda')).issues[0]?.path).toBe('valorVenda');
  });

  it('refuses a number with more digits than a double holds exactly', () => {
    // 9007199254740993 is already 9007199254740992 by the time Money.of sees it.
    // eslint-disable-next-line no-loss-of-precision -- the point: the literal has lost its last digit already
    const err = refusal(() => Money.of(9007199254740993, 'total'));
    expect(err.issues[0]?.path).toBe('total');
    expect(err.issues[0]?.message).toContain('string');
  });

  it('tells the caller to round it themselves when a number has too many places', () => {
    expect(refusal(() => Money.of(0.1 + 0.2)).issues[0]?.message).toMatch(/at most 2 decimal places.*never rounded/);
  });

  it.each([
    ['a Decimal with three places', new Decimal('1.005')],
    ['a NaN Decimal', new Decimal(Number.NaN)],
    ['an infinite Decimal', new Decimal(Number.POSITIVE_INFINITY)],
    ['a Money with three places', Money.of('129.99').times('1.1')],
  ])('refuses %s', (_, input) => {
    expect(refusal(() => Money.of(input, 'frete')).issues[0]?.path).toBe('frete');
  });

  it.each([
    ['an object', { valor: '1.00' }],
    ['a boolean', true],
    ['a bigint', 10n],
    ['null', null],
    ['undefined', undefined],
    ['an array', ['1.00']],
  ])('refuses %s', (_, input) => {
    const err = refusal(() => Money.of(input as never, 'desconto'));
    expect(err.issues[0]?.path).toBe('desconto');
    expect(err.issues[0]?.message).toContain('a Money, a Decimal');
  });

  it('names the field "valor" when no path is given', () => {
    expect(refusal(() => Money.of('12,50')).issues[0]?.path).toBe('valor');
  });
});

// The one wire step of a money field in a request body: the request models' codec.
describe('moneyInput, encoded', () => {
  const body = z.object({ itens: z.array(z.object({ valorVenda: moneyInput() })) });

  it('gives the two-decimal wire string', () => {
    expect(z.encode(moneyInput(), 12.5)).toBe('12.50');
    expect(z.encode(moneyInput(), '-5')).toBe('-5.00');
    expect(z.encode(moneyInput(), new Decimal('7'))).toBe('7.00');
  });

  it('refuses what Money.of refuses, naming the field', () => {
    const refused = z.safeEncode(body, { itens: [{ valorVenda: '12,50' }] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['itens', 0, 'valorVenda']);
    expect(refused.error?.issues[0]?.message).toBe(refusal(() => Money.of('12,50')).issues[0]?.message);
  });
});

describe('moneySchema', () => {
  it('decodes a two-decimal string to Money', () => {
    const m = moneySchema().parse('129.90');
    expect(m).toBeInstanceOf(Money);
    expect(m.equals('129.9')).toBe(true);
    expect(moneySchema().parse('-5.00').toString()).toBe('-5.00');
    expectTypeOf(m).toEqualTypeOf<Money>();
    expectTypeOf<z.output<ReturnType<typeof moneySchema>>>().toEqualTypeOf<Money>();
    expectTypeOf<z.input<ReturnType<typeof moneySchema>>>().toEqualTypeOf<string>();
  });

  it.each([['129.9'], ['129'], ['129.900'], ['1,00'], ['R$ 1.00'], [' 1.00'], [129.9], [null]])('refuses %j', (input) => {
    expect(moneySchema().safeParse(input).success).toBe(false);
  });

  it('encodes Money back to the wire string', () => {
    expect(z.encode(moneySchema(), Money.of(5))).toBe('5.00');
  });

  it('refuses to encode Money with more than two places instead of rounding it', () => {
    expect(() => z.encode(moneySchema(), Money.of('129.99').times('1.1'))).toThrow(/exactly two decimals/);
  });
});
