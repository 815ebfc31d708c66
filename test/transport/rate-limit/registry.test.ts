import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PartnerCommerce } from '../../../src/index.js';
import { RateLimiter } from '../../../src/transport/rate-limit/index.js';
import { sharedLimiterFor } from '../../../src/transport/rate-limit/registry.js';
import { resolveRateLimiterOptions as resolved } from '../../../src/transport/rate-limit/limiter-options.js';
import { answer } from './helpers.js';
import { releaseWith } from '../../../src/transport/rate-limit/rate-limiter.js';

describe('sharedLimiterFor', () => {
  it('returns the same limiter for the same key, so clients with one token share one budget', () => {
    const a = sharedLimiterFor('svc_sbx_registry-same', resolved({ perMinute: 60 }));
    const b = sharedLimiterFor('svc_sbx_registry-same', resolved({ perMinute: 60 }));
    expect(a).toBeInstanceOf(RateLimiter);
    expect(b).toBe(a);
  });

  it('returns different limiters for different keys', () => {
    expect(sharedLimiterFor('svc_sbx_registry-one', resolved(undefined))).not.toBe(sharedLimiterFor('svc_sbx_registry-two', resolved(undefined)));
  });

  it('keeps the first options given for a key', async () => {
    const first = sharedLimiterFor('svc_sbx_registry-first', resolved({ perMinute: 5 }));
    expect(sharedLimiterFor('svc_sbx_registry-first', resolved({ perMinute: 50 }))).toBe(first);
    expect((await first.state()).limit).toBe(5);
  });

  it('never shows the key when the limiter is inspected or serialised', async () => {
    const token = 'svc_prod_SECRET-registry-token';
    const limiter = sharedLimiterFor(token, resolved(undefined));
    releaseWith(await limiter.acquire(), answer(10, 1_000));
    const shown = [inspect(limiter, { showHidden: true, depth: Infinity }), JSON.stringify(limiter), JSON.stringify(await limiter.state())];
    for (const text of shown) expect(text).not.toContain('SECRET');
  });

  it('a client refusing invalid options creates no limiter for its token', async () => {
    // The client's options check resolves rateLimit once; the registry takes it as it is.
    expect(() => new PartnerCommerce({ token: 'svc_sbx_registry-bad', baseUrl: 'https://sandbox.test', rateLimit: { perMinute: 0 } })).toThrow(/rateLimit\.perMinute/);
    expect((await sharedLimiterFor('svc_sbx_registry-bad', resolved({ perMinute: 4 })).state()).limit).toBe(4);
  });
});

describe('RateLimiter', () => {
  it('recognises a limiter made by another copy of the SDK (ESM and CommonJS builds)', async () => {
    const url = new URL('../../../src/transport/rate-limit/rate-limiter.ts', import.meta.url);
    const copy = (await import(`${url.href}?copy`)) as typeof import('../../../src/transport/rate-limit/rate-limiter.js');
    expect(copy.RateLimiter).not.toBe(RateLimiter);
    expect(new copy.RateLimiter()).toBeInstanceOf(RateLimiter);
    expect({}).not.toBeInstanceOf(RateLimiter);
  });
});
