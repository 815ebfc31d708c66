import type { InputIssue } from '../errors/invalid-input-error.js';

/**
 * The range of every numeric option, checked at construction and per call. A value outside its
 * range is refused naming the option rather than failing later in a confusing way: a timeout above
 * 2^31-1 ms overflows the platform's timers (the call would then time out at once and retry), more
 * than 10 retries or a first backoff above a minute turn one failure into an hour of waiting.
 */
export const OPTION_RANGES = {
  /** Limit of each attempt, ms. */
  timeoutMs: { min: 1, max: 2_147_483_647 },
  /** Retries after the first attempt. */
  maxRetries: { min: 0, max: 10 },
  /** First backoff wait, ms. */
  retryDelayMs: { min: 0, max: 60_000 },
} as const;

/** @internal Names of the options {@link OPTION_RANGES} covers. */
export type RangedOption = keyof typeof OPTION_RANGES;

/**
 * @internal Returns `value` when it is an integer within the option's range (or `fallback` when it
 * is `undefined`); otherwise adds an issue naming the option and its range, and returns `fallback`.
 */
export function checkInRange<F extends number | undefined>(name: RangedOption, value: unknown, fallback: F, issues: InputIssue[]): number | F {
  if (value === undefined) return fallback;
  const { min, max } = OPTION_RANGES[name];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    issues.push({ path: name, message: `must be an integer from ${min} to ${max} (got ${typeof value === 'number' ? value : typeof value})` });
    return fallback;
  }
  return value;
}
