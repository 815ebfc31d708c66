import * as z from 'zod/mini';

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
 * @internal The schema of a ranged option: absent, or an integer within its range; otherwise one issue
 * naming the range and what was given.
 */
export function rangedOption(name: RangedOption): z.ZodMiniOptional<z.ZodMiniCustom<number, number>> {
  const { min, max } = OPTION_RANGES[name];
  return z.optional(
    z.custom<number>((v) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max, {
      error: (issue) => `must be an integer from ${min} to ${max} (got ${typeof issue.input === 'number' ? issue.input : typeof issue.input})`,
    }),
  );
}
