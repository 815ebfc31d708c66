import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/errors/invalid-input-error.js';
import { RateLimiter, type RateLimiterOptions } from '../../../src/transport/rate-limit/index.js';

function issuesOf(options: unknown): unknown {
  try {
    new RateLimiter(options as RateLimiterOptions);
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidInputError);
    return (e as InvalidInputError).issues.map((i) => i.path);
  }
  return [];
}

describe('new RateLimiter', () => {
  it('defaults to 60 calls per 60 s window', async () => {
    expect((await new RateLimiter().state()).limit).toBe(60);
    expect((await new RateLimiter({}).state()).limit).toBe(60);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '60'])('refuses perMinute %o, naming rateLimit.perMinute', (perMinute) => {
    expect(issuesOf({ perMinute })).toEqual(['rateLimit.perMinute']);
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY, '1000'])('refuses windowMs %o, naming rateLimit.windowMs', (windowMs) => {
    expect(issuesOf({ windowMs })).toEqual(['rateLimit.windowMs']);
  });

  it('reports every bad option at once', () => {
    expect(issuesOf({ perMinute: 0, windowMs: -1, store: {} })).toEqual(['rateLimit.perMinute', 'rateLimit.windowMs', 'rateLimit.store']);
  });

  it('refuses a value that is not an object', () => {
    expect(issuesOf(60)).toEqual(['rateLimit']);
  });

  it('accepts a fractional window length', () => {
    expect(() => new RateLimiter({ perMinute: 1, windowMs: 0.5 })).not.toThrow();
  });
});

describe('a generous limit', () => {
  it('costs no memory up front (the start log grows with use)', async () => {
    const before = process.memoryUsage().arrayBuffers;
    const limiter = new RateLimiter({ perMinute: 1_000_000_000 });
    (await limiter.acquire()).release();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1_000_000);
  });
});

describe('the client takes the same rateLimit options as new RateLimiter', () => {
  it('accepts { perMinute, windowMs } and refuses the same bad values, naming the same fields', async () => {
    const { PartnerCommerce } = await import('../../../src/index.js');
    const make = (rateLimit: unknown) => () => new PartnerCommerce({ token: 'svc_sbx_x_0123456789', baseUrl: 'https://api.example.test', rateLimit: rateLimit as RateLimiterOptions });
    expect(make({ perMinute: 10, windowMs: 2_000 })).not.toThrow();
    for (const bad of [{ windowMs: -1 }, { perMinute: 0 }, { windowMs: 3e9 }, { redis: 'redis://x' }]) {
      let client: string[] = [];
      try {
        make(bad)();
      } catch (e) {
        client = (e as InvalidInputError).issues.map((i) => i.path);
      }
      expect(client).toEqual(issuesOf(bad));
      expect(client.length).toBe(1);
    }
  });
});
