/**
 * What one attempt hands to the configured fetch: plain `(url, init)` arguments, with a signal that
 * carries both the attempt's deadline and the caller's abort. The exchange calls fetch itself, so a
 * custom fetch sees exactly what the SDK sends (docs/decisions/0002-plain-fetch-and-retry-loop.md).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbortError, TimeoutError } from '../../src/index.js';
import { testClient } from '../helpers/client.js';
import { json } from '../helpers/scripted-fetch.js';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A fetch that records its init and never answers until its signal aborts (then rejects as undici does). */
function hangingFetch() {
  const inits: RequestInit[] = [];
  const fetch = (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    inits.push(init ?? {});
    const signal = init?.signal;
    return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
  };
  return { fetch: fetch, inits };
}

describe('the exchange', () => {
  it('sends each attempt without building a Request', async () => {
    let built = 0;
    const Counting = class extends Request {
      constructor(...args: ConstructorParameters<typeof Request>) {
        super(...args);
        built++;
      }
    };
    vi.stubGlobal('Request', Counting);
    const calls: unknown[] = [];
    const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([input, init]);
      return Promise.resolve(json(200, { sku: 'SKU-1' }));
    }) as typeof globalThis.fetch;
    await testClient(fetch).request('GET', '/v1/ping');
    expect(calls).toHaveLength(1);
    const [input, init] = calls[0] as [unknown, RequestInit];
    expect(input).toBe('https://api.example.test/v1/ping');
    expect(init.method).toBe('GET');
    expect(init.redirect).toBe('manual');
    expect(built).toBe(0);
  });

  // Guards: ky did these (on Node 20.3+); they must keep holding without it.
  it('a timed-out attempt aborts the fetch it started', async () => {
    vi.useFakeTimers();
    const { fetch, inits } = hangingFetch();
    const call = testClient(fetch, { timeoutMs: 1_000, maxRetries: 0 })
      .request('GET', '/v1/ping')
      .catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(1_000);
    const e = await call;
    expect(e).toBeInstanceOf(TimeoutError);
    expect(inits).toHaveLength(1);
    expect(inits[0]!.signal?.aborted).toBe(true);
  });

  it("a caller's abort reaches fetch with the caller's reason", async () => {
    const { fetch, inits } = hangingFetch();
    const controller = new AbortController();
    const reason = new Error('o usuário desistiu');
    const call = testClient(fetch)
      .request('GET', '/v1/ping', { signal: controller.signal })
      .catch((x: unknown) => x);
    await vi.waitFor(() => expect(inits).toHaveLength(1));
    controller.abort(reason);
    const e = await call;
    expect(e).toBeInstanceOf(AbortError);
    expect((e as AbortError).cause).toBe(reason);
    expect(inits[0]!.signal?.aborted).toBe(true);
    expect(inits[0]!.signal?.reason).toBe(reason);
  });

  it('a FormData body goes with no Content-Type, so fetch writes the multipart boundary', async () => {
    const inits: RequestInit[] = [];
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) => {
      inits.push(init ?? {});
      return Promise.resolve(json(200, {}));
    }) as typeof globalThis.fetch;
    const form = new FormData();
    form.set('arquivo', new Blob(['x']), 'a.txt');
    await testClient(fetch).request('POST', '/v1/anexos', { body: form, headers: { 'Content-Type': 'multipart/form-data' } });
    expect(inits[0]!.body).toBe(form);
    const sent = new Headers(inits[0]!.headers);
    expect(sent.has('content-type')).toBe(false);
    expect(sent.get('authorization')).toMatch(/^Bearer /);
  });
});
