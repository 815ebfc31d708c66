import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { compareInstants, instantOf } from '../../src/dates/instant.js';
import { timestampSchema } from '../../src/dates/timestamp-schema.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An API timestamp: a real date and time, 0 to 9 fraction digits, `Z` or an offset. */
const timestamp = fc
  .record({
    at: fc.date({ min: new Date('1970-01-02T00:00:00Z'), max: new Date('2999-12-30T00:00:00Z'), noInvalidDate: true }),
    fraction: fc.stringMatching(/^\d{0,9}$/),
    offsetMin: fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
    zulu: fc.boolean(),
  })
  .map(({ at, fraction, offsetMin, zulu }) => {
    const shift = zulu ? 0 : offsetMin;
    const local = new Date(at.getTime() + shift * 60_000);
    const day = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
    const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
    const sign = shift < 0 ? '-' : '+';
    const offset = zulu ? 'Z' : `${sign}${pad(Math.floor(Math.abs(shift) / 60))}:${pad(Math.abs(shift) % 60)}`;
    return `${day}T${time}${fraction ? `.${fraction}` : ''}${offset}`;
  });

describe('instantOf', () => {
  it('reads every timestamp the schema accepts to the millisecond Date.parse gives', () => {
    fc.assert(
      fc.property(timestamp, (text) => {
        expect(z.safeParse(timestampSchema(), text).success).toBe(true);
        expect(instantOf(text)?.ms).toBe(Date.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('orders two times that differ only below the millisecond', () => {
    const a = instantOf('2026-11-20T10:00:00.1234Z')!;
    const b = instantOf('2026-11-20T07:00:00.12345-03:00')!;
    expect(a.ms).toBe(b.ms);
    expect(compareInstants(a, b)).toBeLessThan(0);
    expect(compareInstants(b, a)).toBeGreaterThan(0);
    expect(compareInstants(instantOf('2026-11-20T10:00:00.1230Z')!, instantOf('2026-11-20T10:00:00.123Z')!)).toBe(0);
  });

  it('refuses what Date.parse reads but the schema refuses: a space for T, no offset', () => {
    for (const text of ['2026-11-20 10:00:00Z', '2026-11-20T10:00:00', '2026-11-20T10:00:00+0300', 'ontem', undefined, 17]) {
      expect(instantOf(text)).toBeUndefined();
    }
  });
});
