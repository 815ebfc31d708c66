import * as z from 'zod/mini';
import { hasMethods } from '../errors/check-options.js';

const REDIS_TARGET = 'must be a redis:// or rediss:// URL, or a client with sendCommand (node-redis) or call (ioredis)';

/** @internal A URL, or a client the SDK can send raw commands through (see `RedisTarget`). */
export function isRedisTarget(value: unknown): boolean {
  if (typeof value === 'string') return /^rediss?:\/\//.test(value);
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { sendCommand?: unknown; call?: unknown };
  return typeof v.sendCommand === 'function' || typeof v.call === 'function';
}

/** @internal The `redis` option of the stores; `withUrlObject` also takes `{ url }`. Call inside `once`. */
export const redisTarget = (withUrlObject: boolean) =>
  z.custom<unknown>(
    (v) => isRedisTarget(v) || (withUrlObject && typeof v === 'object' && v !== null && typeof (v as { url?: unknown }).url === 'string' && isRedisTarget((v as { url: string }).url)),
    { error: (issue) => (typeof issue.input === 'string' ? `${REDIS_TARGET} (got ${JSON.stringify(issue.input.slice(0, 40))})` : REDIS_TARGET) },
  );

/** @internal An optional `{ warn(message) }`. */
export const warnLogger = () =>
  z.optional(
    z.custom<{ warn(message: string): void }>((v) => hasMethods(v, ['warn']), {
      error: 'must have a warn(message) method',
    }),
  );
