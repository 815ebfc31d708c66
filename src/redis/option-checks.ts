import * as z from 'zod/mini';
import { isRedisTarget } from '../transport/rate-limit/limiter-options.js';

const REDIS_TARGET = 'must be a redis:// or rediss:// URL, or a client with sendCommand (node-redis) or call (ioredis)';

/** @internal The `redis` option of the stores; `withUrlObject` also takes `{ url }`. Call inside `once`. */
export const redisTarget = (withUrlObject: boolean) =>
  z.custom<unknown>((v) => isRedisTarget(v, withUrlObject), {
    error: (issue) => (typeof issue.input === 'string' ? `${REDIS_TARGET} (got ${JSON.stringify(issue.input.slice(0, 40))})` : REDIS_TARGET),
  });
