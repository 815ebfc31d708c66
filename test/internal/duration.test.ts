import { describe, expect, it } from 'vitest';
import { durationMs } from '../../src/internal/duration.js';

describe('durationMs', () => {
  it('reads a number and one unit (ms, s, m, h, d), and a number of milliseconds as it is', () => {
    expect(durationMs('30d')).toBe(30 * 86_400_000);
    expect(durationMs('12h')).toBe(12 * 3_600_000);
    expect(durationMs('90m')).toBe(5_400_000);
    expect(durationMs('45s')).toBe(45_000);
    expect(durationMs('500ms')).toBe(500);
    expect(durationMs(0)).toBe(0);
    expect(durationMs(3_600_000)).toBe(3_600_000);
  });

  it('refuses anything else with undefined, so the caller names its field', () => {
    for (const bad of ['30', 'd', '30x', '30 d', ' 30d', '30d ', '-1d', '+1d', '1e3d', '.5h', '1.5h', '30D', '', -1, Number.NaN, Number.POSITIVE_INFINITY, true, null, undefined, {}, ['30d']]) {
      expect(durationMs(bad)).toBeUndefined();
    }
    // Digits enough to overflow a double are not a duration either.
    expect(durationMs(`${'9'.repeat(400)}d`)).toBeUndefined();
  });
});
