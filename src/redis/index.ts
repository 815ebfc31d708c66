/**
 * Redis-backed stores (`partner-commerce/redis`), for partners that run several processes or machines:
 * a webhook dedupe store shared by every receiver. Needs Redis and, when given a URL, the `redis` package (an optional
 * peer dependency, loaded only then); a node-redis or ioredis client you already have fits as well.
 */
export { RedisUnavailableError, type IoRedisLike, type NodeRedisLike, type RedisClientLike, type RedisTarget } from './connection.js';
export { createRedisDedupeStore, type RedisDedupeStore, type RedisDedupeStoreOptions } from './dedupe-store.js';
export { createRedisDeadLetterStore, type RedisDeadLetterStore, type RedisDeadLetterStoreOptions } from './dead-letter-store.js';
