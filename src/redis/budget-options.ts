import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { positiveMs, loggerOption } from '../errors/check-options.js';
import { got } from '../internal/kind-of.js';
import { redisTarget } from './option-checks.js';

const positive = (integer: boolean) =>
  z.optional(
    z.custom<number>((v) => typeof v === 'number' && Number.isFinite(v) && v > 0 && (!integer || Number.isSafeInteger(v)), {
      error: (issue) => `must be a positive ${integer ? 'integer' : 'number'} (got ${got(issue.input)})`,
    }),
  );

/**
 * @internal The options of `createRedisBudgetStore`, checked all at once (issue 22, item 3); it threw a
 * TypeError or RangeError at the first problem. Built on first use. `environment` is checked by
 * `storeEnvironment`.
 */
export const redisBudgetStoreOptionsSchema = once(() =>
  z.strictObject({
    redis: redisTarget(true),
    key: z.custom<string>((v) => typeof v === 'string' && v !== '', { error: 'must be a non-empty string naming the shared budget' }),
    environment: z.optional(z.unknown()),
    perMinute: positive(true),
    windowMs: positiveMs(),
    commandTimeoutMs: positiveMs(),
    leaseMs: positiveMs(),
    fallbackShare: positive(false),
    logger: loggerOption('warn'),
  }),
);
