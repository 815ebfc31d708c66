import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { positiveMs, loggerOption } from '../errors/check-options.js';
import { got } from '../internal/kind-of.js';
import { redisTarget } from './option-checks.js';

/** @internal The options of `createRedisDeadLetterStore`, checked all at once; strict, so a misspelt key is named. */
export const redisDeadLetterStoreOptionsSchema = once(() =>
  z.strictObject({
    redis: redisTarget(false),
    prefix: z.optional(z.custom<string>((v) => typeof v === 'string', { error: (issue) => `must be a string (got ${got(issue.input)})` })),
    environment: z.optional(z.unknown()),
    maxEntries: z.optional(z.custom<number>((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1, { error: (issue) => `must be a positive whole number (got ${got(issue.input)})` })),
    ttlMs: positiveMs(),
    commandTimeoutMs: positiveMs(),
    logger: loggerOption('warn'),
  }),
);
