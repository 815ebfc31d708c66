import * as z from 'zod/mini';
import { positiveMs, loggerOption } from '../errors/check-options.js';
import { got } from '../internal/kind-of.js';
import { once } from '../internal/once.js';

// Apart from handler-checks.ts, so the Redis and mirror entries carry only these few schemas.

/** @internal The bounds every dead-letter store keeps by default: 10,000 records, 30 days. */
export const DEAD_LETTER_DEFAULTS = { maxEntries: 10_000, ttlMs: 30 * 24 * 60 * 60 * 1000 } as const;

/** @internal A whole number of at least 1 (a count, a size). */
const positiveWhole = () =>
  z.optional(
    z.custom<number>((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1, {
      error: (issue) => `must be a positive whole number (got ${got(issue.input)})`,
    }),
  );

/** @internal The options of `createMemoryDeadLetterStore`. Strict, so a misspelt option is named. */
export const memoryDeadLetterStoreOptionsSchema = once(() =>
  z.strictObject({
    maxEntries: positiveWhole(),
    ttlMs: positiveMs(),
    logger: loggerOption('warn'),
    now: z.optional(z.custom<() => number>((v) => typeof v === 'function', { error: 'must be a function returning milliseconds (Date.now fits)' })),
  }),
);

/** @internal The options of `handler.replayDeadLetters`. */
export const replayDeadLettersOptionsSchema = once(() =>
  z.strictObject({
    limit: positiveWhole(),
    signal: z.optional(z.custom<AbortSignal>((v) => v instanceof AbortSignal, { error: 'must be an AbortSignal' })),
  }),
);

/** @internal The options of `DeadLetterStore.prune`, as the SDK's stores check them. */
export const pruneDeadLettersOptionsSchema = once(() =>
  z.strictObject({
    olderThanMs: z.custom<number>((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0, { error: (issue) => `must be a number of milliseconds, 0 or more (got ${got(issue.input)})` }),
  }),
);
