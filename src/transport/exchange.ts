import ky, { isTimeoutError } from 'ky';

/** @internal What one attempt sends. */
export interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** JSON text or FormData; `undefined` for no body. */
  body: string | FormData | undefined;
  /** The caller's signal, if any. */
  signal: AbortSignal | undefined;
  /** Limit of the whole exchange, headers and body. */
  timeoutMs: number;
}

/** @internal The attempt ran out of its time (for the headers or for the body). */
export class ExchangeTimeout extends Error {
  constructor(options?: { cause?: unknown }) {
    super('attempt timed out', options);
  }
}

/**
 * @internal One HTTP exchange: the answer and its body text, both within `timeoutMs`.
 *
 * ky builds and normalises the request and runs the timeout until the headers arrive; the body is
 * read under the rest of the same deadline, because a custom `fetch` may not tie its body to the
 * signal and a stalled body must still time out. The exchange reaches the configured fetch as
 * plain `(url, init)` arguments: handing fetch a Request object makes undici copy it again, about
 * 40 µs per call on loopback (bench/README.md). Retries and HTTP errors stay with the SDK's own
 * pipeline, so ky's are turned off.
 */
export async function exchange(fetchImpl: typeof globalThis.fetch, x: Exchange): Promise<{ response: Response; text: string }> {
  const deadline = Date.now() + x.timeoutMs;
  let response: Response;
  try {
    response = await ky(x.url, {
      method: x.method,
      headers: x.headers,
      // A FormData goes to fetch directly (below): a copy in ky's Request would be a multipart stream
      // nobody reads, which Node 24's undici rejects in the background once it is dropped.
      body: x.body instanceof FormData ? undefined : x.body,
      signal: x.signal,
      timeout: x.timeoutMs,
      retry: 0,
      throwHttpErrors: false,
      // The API never redirects: a 3xx comes back as it is and the transport refuses it.
      redirect: 'manual',
      fetch: (input) => {
        // ky always hands its fetch the Request it built; its signal carries ky's timeout.
        const request = input as Request;
        let headers: HeadersInit = request.headers;
        if (x.body instanceof FormData) {
          // fetch writes a fresh multipart boundary for FormData; a copied Content-Type would not match
          // it. Copied as entries, not `new Headers(...)`: msw's replacement Headers rebuilds such a
          // copy of a multipart request from its own record, which holds the Content-Type alone.
          headers = [...request.headers].filter(([name]) => name !== 'content-type');
        }
        return fetchImpl(request.url, { method: request.method, headers, body: x.body, signal: request.signal, redirect: 'manual' });
      },
    });
  } catch (err) {
    throw isTimeoutError(err) ? new ExchangeTimeout({ cause: err }) : err;
  }
  return { response, text: await readText(response, deadline - Date.now(), x.signal) };
}

/** Reads the body, giving up (and cancelling it) at the deadline or when the caller aborts. */
function readText(response: Response, timeLeftMs: number, signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const stop = (reason: unknown) => {
      cleanup();
      response.body?.cancel().catch(() => undefined);
      reject(reason);
    };
    const onAbort = () => stop(signal?.reason);
    const timer = setTimeout(() => stop(new ExchangeTimeout()), Math.max(0, timeLeftMs));
    const cleanup = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    response.text().then(
      (text) => {
        cleanup();
        resolve(text);
      },
      (err: unknown) => {
        cleanup();
        reject(err);
      },
    );
  });
}
