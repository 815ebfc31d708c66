import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PartnerCommerce, RateLimiter } from '../../../src/index.js';
import { BASE_URL, SANDBOX_TOKEN, apiError, json, refused, scriptedFetch } from '../../helpers/scripted-fetch.js';
import { track } from './helpers.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('attempts that did not count give their slot back', () => {
  it("the issue's repro: three 429s on the first call do not cost three of the window's ten calls", async () => {
    const limiter = new RateLimiter({ perMinute: 10, windowMs: 60_000 });
    const tooMany = () => apiError(429, 'LIMITE_EXCEDIDO', {}, { 'retry-after': '1' });
    // No rate headers on successes, so only the local window decides.
    const { fetch, seen } = scriptedFetch(tooMany, tooMany, tooMany, () => json(200, {}));
    const client = new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: limiter, retryDelayMs: 0, logLevel: 'off' });
    const calls = [];
    for (let i = 0; i < 10; i++) calls.push(track(client.request('GET', '/v1/conta')));
    await vi.advanceTimersByTimeAsync(3_500);
    // 3 refused attempts + 10 successful calls; none waits for the rest of the minute.
    expect(calls.every((c) => c.settled && c.error === undefined)).toBe(true);
    expect(seen).toHaveLength(13);
    expect((await limiter.state()).remaining).toBe(0);
  });

  it('a connection refused before sending gives its slot back at once', async () => {
    const limiter = new RateLimiter({ perMinute: 2, windowMs: 60_000 });
    const { fetch, seen } = scriptedFetch(refused, () => json(200, {}));
    const client = new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: limiter, retryDelayMs: 0, logLevel: 'off' });
    const first = track(client.request('GET', '/v1/conta'));
    const second = track(client.request('GET', '/v1/conta'));
    await vi.advanceTimersByTimeAsync(100);
    expect(first.settled && second.settled).toBe(true);
    expect(first.error).toBeUndefined();
    expect(seen).toHaveLength(3);
  });

  it('giveBack after release (or twice) changes nothing', async () => {
    const limiter = new RateLimiter({ perMinute: 1, windowMs: 60_000 });
    const permit = await limiter.acquire();
    permit.release();
    permit.giveBack();
    permit.giveBack();
    // The one slot stays spent: the next caller waits for the window, not for the slot given "back".
    const next = track(limiter.acquire());
    await vi.advanceTimersByTimeAsync(59_999);
    expect(next.settled).toBe(false);
    expect((await limiter.state()).waitingHere.normal).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(next.settled && next.error === undefined).toBe(true);
  });
});
