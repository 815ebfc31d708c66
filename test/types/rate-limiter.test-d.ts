import { describe, expectTypeOf, it } from 'vitest';
import { PartnerCommerce, RateLimiter, type ClientOptions, type RateLimit } from '../../src/index.js';

// One spelling for a shared budget, the client's `rateLimit: { redis, key }`.
// `new RateLimiter(...)` refuses `redis` and `key` at run time, so its options type does not offer them.
describe('one spelling for the shared budget', () => {
  it('RateLimiterOptions has no redis or key', () => {
    // @ts-expect-error redis is taken by the client option rateLimit, not by RateLimiter
    new RateLimiter({ redis: 'redis://x', key: 'k' });
    const options: RateLimit.RateLimiterOptions = { perMinute: 60, windowMs: 60_000 };
    expectTypeOf(new RateLimiter(options)).toEqualTypeOf<RateLimiter>();
  });

  it('the client option still takes the shared budget, and the plain budget', () => {
    new PartnerCommerce({ rateLimit: { perMinute: 60, redis: 'redis://x', key: 'partner-123' } });
    new PartnerCommerce({ rateLimit: { perMinute: 30, windowMs: 60_000 } });
    new PartnerCommerce({ rateLimit: new RateLimiter({ perMinute: 10 }) });
    new PartnerCommerce({ rateLimit: false });
    expectTypeOf<NonNullable<ClientOptions['rateLimit']>>().toMatchTypeOf<false | RateLimiter | object>();
  });

  it("a permit is released without an argument: reading the rate headers is the SDK's part", async () => {
    const permit = await new RateLimiter().acquire();
    expectTypeOf(permit.release).parameters.toEqualTypeOf<[]>();
    // @ts-expect-error release takes no observation
    permit.release({ status: 200 });
  });
});
