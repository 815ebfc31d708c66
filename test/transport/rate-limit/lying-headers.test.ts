import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, PartnerCommerce, RateLimiter } from '../../../src/index.js';
import { MAX_SERVER_WAIT_MS } from '../../../src/transport/server-wait.js';
import { BASE_URL, SANDBOX_TOKEN, apiError, json, scriptedFetch } from '../../helpers/scripted-fetch.js';
import { track } from './helpers.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function clientWith(fetch: typeof globalThis.fetch, limiter: RateLimiter): PartnerCommerce {
  return new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: limiter, retryDelayMs: 0, logLevel: 'off' });
}

describe('a lying header cannot freeze the token', () => {
  const lies: [string, Record<string, string>, number][] = [
    ['Retry-After: 1000000000', { 'retry-after': '1000000000' }, 429],
    ['X-RateLimit-Remaining: 0, X-RateLimit-Reset: 999999999 (seconds until)', { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '999999999' }, 429],
    ['Remaining 0 and a Reset 31 years ahead on a success', { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '999999999' }, 200],
  ];
  for (const [name, headers, status] of lies) {
    it(`${name}: the next call waits at most the cap, without a timer overflow`, async () => {
      const warnings: string[] = [];
      const onWarning = (w: Error) => warnings.push(w.name);
      process.on('warning', onWarning);
      const limiter = new RateLimiter({ perMinute: 60 });
      const { fetch, seen } = scriptedFetch(
        () => (status === 429 ? apiError(429, 'LIMITE_EXCEDIDO', {}, headers) : json(200, {}, headers)),
        () => json(200, {}, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '60' }),
      );
      const client = clientWith(fetch, limiter);
      const first = await client.request('GET', '/v1/conta', { maxRetries: 0 }).catch((e: unknown) => e);
      if (status === 429) {
        // The wait asked for is beyond what the SDK sleeps: surfaced at once, naming the wait.
        expect(first).toBeInstanceOf(ApiError);
        expect((first as ApiError).message).toMatch(/asked to wait \d+ ms/);
      }
      const asked = Date.now();
      let servedAt: number | undefined;
      const next = track(client.request('GET', '/v1/conta').finally(() => (servedAt = Date.now())));
      // Every timer run to the end (fake clock): a wait that woke every millisecond, as a re-armed
      // overflowing timeout does, would hit the fake clock's loop limit instead of finishing.
      await vi.runAllTimersAsync();
      expect(next.settled).toBe(true);
      expect(next.error).toBeUndefined();
      expect(servedAt! - asked).toBeLessThanOrEqual(MAX_SERVER_WAIT_MS + 1_000);
      expect(seen).toHaveLength(2);
      process.off('warning', onWarning);
      expect(warnings).not.toContain('TimeoutOverflowWarning');
    });
  }

  it('a 429 whose Retry-After is beyond the cap is not retried and says the wait it refused', async () => {
    const { fetch, seen } = scriptedFetch(() => apiError(429, 'LIMITE_EXCEDIDO', {}, { 'retry-after': '3600' }));
    const e = await clientWith(fetch, new RateLimiter({ perMinute: 60 }))
      .request('GET', '/v1/conta')
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).message).toContain('3600000 ms');
    expect(seen).toHaveLength(1);
  });
});
