import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RateLimiter, sharedLimiterFor } from '../../../src/transport/rate-limit/index.js';
import { answer } from './helpers.js';

describe('sharedLimiterFor', () => {
  it('returns the same limiter for the same key, so clients with one token share one budget', () => {
    const a = sharedLimiterFor('svc_sbx_registry-same', { perMinute: 60 });
    const b = sharedLimiterFor('svc_sbx_registry-same', { perMinute: 60 });
    expect(a).toBeInstanceOf(RateLimiter);
    expect(b).toBe(a);
  });

  it('returns different limiters for different keys', () => {
    expect(sharedLimiterFor('svc_sbx_registry-one')).not.toBe(sharedLimiterFor('svc_sbx_registry-two'));
  });

  it('keeps the first options given for a key', () => {
    const first = sharedLimiterFor('svc_sbx_registry-first', { perMinute: 5 });
    expect(sharedLimiterFor('svc_sbx_registry-first', { perMinute: 50 })).toBe(first);
    expect(first.snapshot().limit).toBe(5);
  });

  it('never shows the key when the limiter is inspected or serialised', async () => {
    const token = 'svc_prod_SECRET-registry-token';
    const limiter = sharedLimiterFor(token);
    (await limiter.acquire()).release(answer(10, 1_000));
    const shown = [inspect(limiter, { showHidden: true, depth: Infinity }), JSON.stringify(limiter), JSON.stringify(limiter.snapshot())];
    for (const text of shown) expect(text).not.toContain('SECRET');
  });

  it('refuses invalid options before creating a limiter', () => {
    expect(() => sharedLimiterFor('svc_sbx_registry-bad', { perMinute: 0 })).toThrow(/rateLimit\.perMinute/);
    expect(sharedLimiterFor('svc_sbx_registry-bad', { perMinute: 4 }).snapshot().limit).toBe(4);
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
