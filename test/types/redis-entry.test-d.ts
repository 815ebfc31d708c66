import { describe, expectTypeOf, it } from 'vitest';
import * as redis from '../../src/redis/index.js';

// One spelling for a shared budget, the client's `rateLimit: { redis, key }`: the store behind it is
// the SDK's machinery, kept out of the entry so it can change without a major release. The dedupe
// store is public: a partner hands it to createWebhookHandler.
describe('partner-commerce/redis', () => {
  it('offers the dedupe store and not the budget store', () => {
    expectTypeOf(redis.createRedisDedupeStore).toBeFunction();
    // @ts-expect-error the budget store is reached through the client's rateLimit: { redis, key }
    void redis.createRedisBudgetStore;
  });
});
