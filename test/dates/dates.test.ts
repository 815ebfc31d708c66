import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import { InvalidInputError } from '../../src/errors/invalid-input-error.js';
import { refusal } from '../helpers/refusal.js';
import { timestampSchema, toDateParam } from '../../src/dates/index.js';

describe('timestampSchema', () => {
  it.each([['2024-05-01T10:00:00-03:00'], ['2024-05-01T13:00:00Z'], ['2024-05-01T10:00:00.123-03:00'], ['2024-05-01T13:00:00.5Z'], ['2024-05-01T18:30:00+05:30'], ['2024-02-29T00:00:00-03:00']])(
    'accepts %s and keeps it as sent',
    (text) => {
      expect(timestampSchema().parse(text)).toBe(text);
    },
  );

  it.each([
    ['a month that does not exist', '2024-13-01T00:00:00-03:00'],
    ['a day that does not exist', '2024-02-30T00:00:00-03:00'],
    ['29 February of a common year', '2023-02-29T00:00:00-03:00'],
    ['an hour that does not exist', '2024-05-01T24:00:00Z'],
    ['no offset', '2024-05-01T10:00:00'],
    ['only a date', '2024-05-01'],
    ['a space instead of T', '2024-05-01 10:00:00Z'],
  ])('refuses %s', (_, text) => {
    expect(timestampSchema().safeParse(text).success).toBe(false);
  });

  it('refuses a number', () => {
    expect(timestampSchema().safeParse(1714568400000).success).toBe(false);
  });

  it('outputs a string', () => {
    expectTypeOf<z.output<ReturnType<typeof timestampSchema>>>().toEqualTypeOf<string>();
  });
});

describe('toDateParam', () => {
  it('sends a Date as its ISO string in UTC', () => {
    expect(toDateParam(new Date('2024-05-01T10:00:00-03:00'))).toBe('2024-05-01T13:00:00.000Z');
  });

  it.each([['2024-05-01T10:00:00-03:00'], ['2024-05-01T13:00:00Z'], ['2024-05-01T10:00:00.250-03:00']])('sends the string %s unchanged', (text) => {
    expect(toDateParam(text)).toBe(text);
  });

  it('refuses an invalid Date, naming the field', () => {
    const err = refusal(() => toDateParam(new Date('x'), 'criadoDesde'));
    expect(err.issues[0]?.path).toBe('criadoDesde');
    expect(err.issues[0]?.message).toContain('valid Date');
  });

  it('refuses a Date whose year the API cannot read', () => {
    expect(refusal(() => toDateParam(new Date('+010000-01-01T00:00:00Z'))).issues[0]?.path).toBe('atualizadoDesde');
  });

  it.each([
    ['no offset', '2024-05-01T10:00:00'],
    ['an offset other than Z or -03:00', '2024-05-01T10:00:00-02:00'],
    ['+00:00 written out', '2024-05-01T13:00:00+00:00'],
    ['a month that does not exist', '2024-13-01T00:00:00-03:00'],
    ['a day that does not exist', '2024-02-30T00:00:00Z'],
    ['only a date', '2024-05-01'],
    ['surrounding spaces', ' 2024-05-01T10:00:00Z'],
    ['an empty string', ''],
  ])('refuses a string with %s', (_, text) => {
    const err = refusal(() => toDateParam(text));
    expect(err.issues[0]?.path).toBe('atualizadoDesde');
    expect(err.issues[0]?.message).toContain('offset');
    expect(err.issues[0]?.message).toContain('"Z" or "-03:00"');
  });

  it.each([
    ['a number', 1714568400000],
    ['null', null],
    ['an object', {}],
  ])('refuses %s', (_, value) => {
    const err = refusal(() => toDateParam(value as never, 'desde'));
    expect(err.issues[0]?.path).toBe('desde');
    expect(err).toBeInstanceOf(InvalidInputError);
  });
});
