const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
// A whole number and one unit, nothing around them (`30d`, `12h`, `500ms`): the CLI's flags' grammar.
const DURATION = /^(\d+)(ms|s|m|h|d)$/;

/**
 * @internal A duration as a partner writes it (`'30d'`, `'12h'`, `'90m'`, `'45s'`, `'500ms'`) or a number of
 * milliseconds, in milliseconds; undefined when it is neither (a bare `'30'`, a fraction, a unit it
 * does not know, a negative or non-finite number), so the caller names the field in its own error.
 */
export function durationMs(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = DURATION.exec(value);
  if (match === null) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return Number.isFinite(ms) ? ms : undefined;
}
