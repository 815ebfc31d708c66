import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PartnerCommerce, RateLimiter } from '../../src/index.js';
import { AbortError } from '../../src/index.js';
import { createFakeApi } from '../../src/testing/index.js';

/** A fetch over the fake that counts the statuses it answered. */
function counting(fake: ReturnType<typeof createFakeApi>) {
  const statuses: number[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await fake.fetch(input, init);
    statuses.push(res.status);
    return res;
  }) as typeof globalThis.fetch;
  return { fetch, statuses };
}

/** Advances fake time in small steps until every promise has settled. */
async function runAll<T>(promises: Promise<T>[], stepMs = 50, maxMs = 120_000): Promise<PromiseSettledResult<T>[]> {
  let done = false;
  const all = Promise.allSettled(promises).then((r) => ((done = true), r));
  for (let t = 0; !done && t < maxMs; t += stepMs) await vi.advanceTimersByTimeAsync(stepMs);
  return all;
}

let tokenSeq = 0;
const freshToken = () => `svc_sbx_e2e_${Date.now()}_${++tokenSeq}`;

describe('rate limiting end to end, against the fake API', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a fresh client bursting 40 calls at a server allowing 10 per 2 s learns the budget first and earns at most a handful of 429s', async () => {
    const fake = createFakeApi({ rateLimit: { perMinute: 10, windowMs: 2_000 } });
    const { fetch, statuses } = counting(fake);
    const client = new PartnerCommerce({ token: freshToken(), baseUrl: 'https://sandbox.example.test', fetch, logLevel: 'off' });
    const results = await runAll(Array.from({ length: 40 }, () => client.produtos.obter('SKU-0001')));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.filter((s) => s === 429).length).toBeLessThanOrEqual(3);
  });

  it('at Remaining 0 new calls wait for the reset instead of earning a 429', async () => {
    const fake = createFakeApi({ rateLimit: { perMinute: 3, windowMs: 10_000 } });
    const { fetch, statuses } = counting(fake);
    const client = new PartnerCommerce({ token: freshToken(), baseUrl: 'https://sandbox.example.test', fetch, logLevel: 'off' });
    for (let i = 0; i < 3; i++) await client.produtos.obter('SKU-0001');
    const fourth = client.produtos.obter('SKU-0001');
    await vi.advanceTimersByTimeAsync(9_000);
    expect(statuses).toEqual([200, 200, 200]);
    await runAll([fourth]);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it('clients built with the same token share one budget', async () => {
    const token = freshToken();
    const { fetch, seen } = noHeaders();
    const a = new PartnerCommerce({ token, baseUrl: 'https://x.test', fetch, rateLimit: { perMinute: 2 }, logLevel: 'off' });
    const b = new PartnerCommerce({ token, baseUrl: 'https://x.test', fetch, rateLimit: { perMinute: 2 }, logLevel: 'off' });
    await a.request('GET', '/v1/conta');
    await b.request('GET', '/v1/conta');
    const third = a.request('GET', '/v1/conta');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(seen()).toBe(2);
    await runAll([third]);
    expect(seen()).toBe(3);
  });

  it('clients handed the same limiter share one budget, whatever their tokens', async () => {
    const limiter = new RateLimiter({ perMinute: 1 });
    const { fetch, seen } = noHeaders();
    const a = new PartnerCommerce({ token: freshToken(), baseUrl: 'https://x.test', fetch, rateLimit: limiter, logLevel: 'off' });
    const b = new PartnerCommerce({ token: freshToken(), baseUrl: 'https://x.test', fetch, rateLimit: limiter, logLevel: 'off' });
    await a.request('GET', '/v1/conta');
    const second = b.request('GET', '/v1/conta');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(seen()).toBe(1);
    await runAll([second]);
    expect(seen()).toBe(2);
  });

  it('a caller signal aborts a call at once while it waits for budget, and nothing is sent', async () => {
    const limiter = new RateLimiter({ perMinute: 1 });
    const { fetch, seen } = noHeaders();
    const client = new PartnerCommerce({ token: freshToken(), baseUrl: 'https://x.test', fetch, rateLimit: limiter, logLevel: 'off' });
    await client.request('GET', '/v1/conta');
    const controller = new AbortController();
    const waiting = client.request('GET', '/v1/conta', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort(new Error('desisti'));
    const failure = await waiting;
    expect(failure).toBeInstanceOf(AbortError);
    expect(((failure as AbortError).cause as Error).message).toBe('desisti');
    expect((failure as AbortError).beforeSending).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(seen()).toBe(1);
    expect((await limiter.state()).waitingHere.normal).toBe(0);
  });

  it('clients with different tokens do not share a budget', async () => {
    const { fetch, seen } = noHeaders();
    const a = new PartnerCommerce({ token: freshToken(), baseUrl: 'https://x.test', fetch, rateLimit: { perMinute: 1 }, logLevel: 'off' });
    const b = new PartnerCommerce({ token: freshToken(), baseUrl: 'https://x.test', fetch, rateLimit: { perMinute: 1 }, logLevel: 'off' });
    await a.request('GET', '/v1/conta');
    await b.request('GET', '/v1/conta');
    expect(seen()).toBe(2);
  });

  it('every retry and every page fetch goes through the limiter', async () => {
    const limiter = new RateLimiter({ perMinute: 3, windowMs: 60_000 });
    const fake = createFakeApi({ rateLimit: false, catalogSize: 5 });
    fake.inject('GET /v1/produtos/:sku', [{ status: 503 }, { status: 503 }]);
    const client = new PartnerCommerce({ token: freshToken(), baseUrl: 'https://x.test', fetch: fake.fetch, rateLimit: limiter, retryDelayMs: 1, logLevel: 'off' });
    await runAll([client.produtos.obter('SKU-0001')]);
    expect(fake.requests).toHaveLength(3);
    // The two retries spent the window's other slots: the listing's first page waits for the next window.
    let n = 0;
    const listing = (async () => {
      for await (const _ of client.produtos.listar({ limite: 2 })) n++;
    })();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fake.requests).toHaveLength(3);
    await runAll([listing]);
    expect(n).toBe(5);
    expect(fake.requests).toHaveLength(6);
    // Its three pages spent the new window: a next call has to wait again.
    expect((await limiter.state()).remaining).toBe(0);
  });
});

/** A server that sends no rate headers, counting requests. */
function noHeaders() {
  let n = 0;
  const fetch = (async () => {
    n++;
    return Response.json({ ok: true });
  }) as typeof globalThis.fetch;
  return { fetch, seen: () => n };
}
