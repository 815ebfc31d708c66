import * as z from 'zod/mini';
import { once } from '../internal/once.js';

/** What a bad value was, for messages: a number as itself, anything else by its type. */
const got = (input: unknown): string => (typeof input === 'number' ? String(input) : input === null ? 'null' : typeof input);

const REDIS_TARGET = 'must be a redis:// or rediss:// URL, or a client with sendCommand (node-redis) or call (ioredis)';

function isRedisTarget(value: unknown): boolean {
  if (typeof value === 'string') return /^rediss?:\/\//.test(value);
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { sendCommand?: unknown; call?: unknown };
  return typeof v.sendCommand === 'function' || typeof v.call === 'function';
}

// Redis's PX takes a whole number of ms of at least 1; fractions are rounded up after the check.
const positiveMs = () =>
  z.optional(
    z.custom<number>((v) => typeof v === 'number' && Number.isFinite(v) && v >= 1, {
      error: (issue) => `must be a positive number of milliseconds (got ${got(issue.input)})`,
    }),
  );

/**
 * @internal The options of `createRedisDedupeStore`, checked all at once (issue 22, item 3). Built on
 * first use: importing builds no schema. `environment` is checked by `storeEnvironment`, which also
 * reads the token's; here it only has to be present or not.
 */
export const redisDedupeStoreOptionsSchema = once(() =>
  z.strictObject({
    redis: z.custom<unknown>(isRedisTarget, {
      error: (issue) => (typeof issue.input === 'string' ? `${REDIS_TARGET} (got ${JSON.stringify(issue.input.slice(0, 40))})` : REDIS_TARGET),
    }),
    prefix: z.optional(z.custom<string>((v) => typeof v === 'string', { error: (issue) => `must be a string (got ${issue.input === null ? 'null' : typeof issue.input})` })),
    environment: z.optional(z.unknown()),
    ttlMs: positiveMs(),
    reservationMs: positiveMs(),
    commandTimeoutMs: positiveMs(),
    logger: z.optional(
      z.custom<{ warn(message: string): void }>((v) => typeof v === 'object' && v !== null && typeof (v as { warn?: unknown }).warn === 'function', {
        error: 'must have a warn(message) method',
      }),
    ),
  }),
);
