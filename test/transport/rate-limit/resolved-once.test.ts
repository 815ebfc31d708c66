/**
 * A client's `rateLimit` is checked and resolved once, however many parts read it (the client's
 * options check, the token registry, the RateLimiter constructor, the Redis store): resolved in
 * several places, the copies could disagree. Counted through the one resolver every path goes through.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartnerCommerce, RateLimiter } from '../../../src/index.js';
import type { RateLimitOption } from '../../../src/transport/client-options.js';
import * as limiterOptions from '../../../src/transport/rate-limit/limiter-options.js';

vi.mock('../../../src/transport/rate-limit/limiter-options.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/transport/rate-limit/limiter-options.js')>();
  return { ...original, resolveRateLimiterOptions: vi.fn(original.resolveRateLimiterOptions) };
});

const resolver = vi.mocked(limiterOptions.resolveRateLimiterOptions);
const open: PartnerCommerce[] = [];
const client = (rateLimit: RateLimitOption | undefined, token: string) => {
  const made = new PartnerCommerce({ token, baseUrl: 'https://sandbox.test', rateLimit });
  open.push(made);
  return made;
};

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  resolver.mockClear();
});

describe('rateLimit is resolved once per client', () => {
  it('a plain budget', () => {
    client({ perMinute: 30 }, 'svc_sbx_resolved_once_plain');
    expect(resolver).toHaveBeenCalledTimes(1);
  });

  it('the default budget', () => {
    client(undefined, 'svc_sbx_resolved_once_default');
    expect(resolver).toHaveBeenCalledTimes(1);
  });

  it('a budget shared through Redis (nothing connects: no call is made)', () => {
    client({ perMinute: 30, redis: 'redis://127.0.0.1:1', key: 'resolved-once' }, 'svc_sbx_resolved_once_redis');
    expect(resolver).toHaveBeenCalledTimes(1);
  });

  it('a RateLimiter of your own is resolved by its constructor, once', () => {
    const limiter = new RateLimiter({ perMinute: 5 });
    client(limiter, 'svc_sbx_resolved_once_own');
    expect(resolver).toHaveBeenCalledTimes(1);
  });
});
