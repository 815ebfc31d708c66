/** close() and Symbol.asyncDispose on the limiter and the client: everything released, twice is fine. */
import { describe, expect, it } from 'vitest';
import { PartnerCommerce, PartnerCommerceError, RateLimiter } from '../../../src/index.js';
import type { RateBudgetStore } from '../../../src/transport/rate-limit/index.js';
import { MemoryBudgetStore } from '../../../src/transport/rate-limit/index.js';
import { json, scriptedFetch } from '../../helpers/scripted-fetch.js';

describe('RateLimiter.close()', () => {
  it('fails the callers still waiting and every later acquire, and closes its store, once however often it is called', async () => {
    let storeClosed = 0;
    const store: RateBudgetStore & { close(): Promise<void> } = Object.assign(new MemoryBudgetStore({ perMinute: 1, windowMs: 60_000 }), {
      close: async () => void storeClosed++,
    });
    const limiter = new RateLimiter({ store });
    const first = await limiter.acquire();
    const waiting = limiter.acquire(); // the window is full: it waits, with a timer armed
    const closed = limiter.close();
    expect(limiter[Symbol.asyncDispose]()).toBe(closed);
    await closed;
    await expect(waiting).rejects.toThrow(PartnerCommerceError);
    await expect(waiting).rejects.toThrow(/rate limiter was closed/);
    await expect(limiter.acquire()).rejects.toThrow(/rate limiter was closed/);
    first.release();
    expect(storeClosed).toBe(1);
  });
});

describe('PartnerCommerce.close()', () => {
  const ok = () => json(200, { ok: true }, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '60' });

  it('ends the client: later calls fail with a PartnerCommerceError before anything is sent; twice is fine', async () => {
    const { fetch, seen } = scriptedFetch(ok);
    const client = new PartnerCommerce({ token: 'svc_sbx_close_client', baseUrl: 'https://sandbox.test', fetch, logLevel: 'off' });
    await client.request('GET', '/v1/conta');
    await client.close();
    await client[Symbol.asyncDispose]();
    await expect(client.request('GET', '/v1/conta')).rejects.toThrow(/client was closed/);
    expect(seen).toHaveLength(1);
  });

  it("the last client of a token to close closes the token's limiter; a limiter you passed stays open", async () => {
    const { fetch } = scriptedFetch(ok);
    const token = 'svc_sbx_close_last';
    const a = new PartnerCommerce({ token, baseUrl: 'https://sandbox.test', fetch, logLevel: 'off' });
    const b = new PartnerCommerce({ token, baseUrl: 'https://sandbox.test', fetch, logLevel: 'off' });
    await a.close();
    await b.request('GET', '/v1/conta'); // b still has the budget a shared with it
    const mine = new RateLimiter({ perMinute: 5 });
    const c = new PartnerCommerce({ token, baseUrl: 'https://sandbox.test', fetch, rateLimit: mine, logLevel: 'off' });
    await c.close();
    await b.close();
    (await mine.acquire()).release();
  });
});
