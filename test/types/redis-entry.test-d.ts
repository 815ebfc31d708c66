import { describe, expectTypeOf, it } from 'vitest';
import * as redis from '../../src/redis/index.js';

// Issue 22: one spelling for a shared budget, the client's `rateLimit: { redis, key }`; the store
// behind it is the SDK's machinery and leaves the entry. The dedupe store stays.
describe('partner-commerce/redis', () => {
  it('offers the dedupe store and not the budget store', () => {
    expectTypeOf(redis.createRedisDedupeStore).toBeFunction();
    // @ts-expect-error the budget store is reached through the client's rateLimit: { redis, key }
    void redis.createRedisBudgetStore;
  });
});
