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
 * One AbortController per attempt carries both the deadline and the caller's abort: a listener on the
 * caller's signal, not `AbortSignal.any`, which Node lacks before 20.3. The body is read under the
 * same deadline and is cancelled too, because a custom `fetch` may not tie its body to the signal and
 * a stalled body must still time out. Whether the attempt timed out is decided by our own flag, never
 * by the error a fetch rejects with (each fetch spells an abort differently). fetch gets plain
 * `(url, init)` arguments: a Request object costs a copy in undici (bench/README.md).
 */
export async function exchange(fetchImpl: typeof globalThis.fetch, x: Exchange): Promise<{ response: Response; text: string }> {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(x.signal?.reason);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new ExchangeTimeout());
  }, x.timeoutMs);
  if (x.signal?.aborted) onAbort();
  else x.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let response: Response;
    try {
      response = await fetchImpl(x.url, { method: x.method, headers: headersFor(x), body: x.body, signal: controller.signal, redirect: 'manual' });
    } catch (err) {
      throw timedOut ? new ExchangeTimeout({ cause: err }) : err;
    }
    return { response, text: await readText(response, controller.signal) };
  } finally {
    clearTimeout(timer);
    x.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The headers as sent. For FormData, fetch writes a fresh multipart boundary: a Content-Type given
 * beside it would not match. A plain record, not `Headers`: msw's replacement Headers rebuilds a
 * copied multipart request from its own record, which would hold the Content-Type alone.
 */
function headersFor(x: Exchange): Record<string, string> {
  if (!(x.body instanceof FormData)) return x.headers;
  return Object.fromEntries(Object.entries(x.headers).filter(([name]) => name.toLowerCase() !== 'content-type'));
}

/** Reads the body, giving up (and cancelling it) when the attempt's signal aborts (deadline or caller). */
function readText(response: Response, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      response.body?.cancel().catch(() => undefined);
      reject(signal.reason);
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    response.text().then(
      (text) => {
        signal.removeEventListener('abort', stop);
        resolve(text);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(err);
      },
    );
  });
}
