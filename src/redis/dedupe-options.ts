import * as z from 'zod/mini';
import { kindOf } from '../internal/kind-of.js';
import { once } from '../internal/once.js';
import { positiveMs, loggerOption } from '../errors/check-options.js';
import { redisTarget } from './option-checks.js';

/**
 * @internal The options of `createRedisDedupeStore`, checked all at once, so every bad option is
 * named in one error. Built on first use: importing builds no schema. `environment` is checked by
 * `storeEnvironment`, which also reads the token's; here it only has to be present or not.
 */
export const redisDedupeStoreOptionsSchema = once(() =>
  z.strictObject({
    redis: redisTarget(false),
    prefix: z.optional(z.custom<string>((v) => typeof v === 'string', { error: (issue) => `must be a string (got ${kindOf(issue.input)})` })),
    environment: z.optional(z.unknown()),
    ttlMs: positiveMs(),
    reservationMs: positiveMs(),
    commandTimeoutMs: positiveMs(),
    logger: loggerOption('warn'),
  }),
);
