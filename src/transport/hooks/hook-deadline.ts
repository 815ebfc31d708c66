/** @internal The time and the signal an attempt's awaited hooks must finish within. */
export interface HookBound {
  /** `Date.now()` at which the attempt's `timeoutMs` runs out: the hooks and the exchange share it. */
  readonly deadline: number;
  /** The caller's signal, if any. */
  readonly signal: AbortSignal | undefined;
}

/**
 * @internal An awaited hook was still running at the attempt's deadline. The transport turns it into
 * the SDK's TimeoutError, as it does a slow answer; it never reaches the caller as it is.
 */
export class HookTimeout extends Error {
  constructor(readonly hook: string) {
    super(`hook ${hook} did not settle before the attempt's deadline`);
  }
}

/**
 * @internal Waits for an awaited hook's promise, but not past the attempt's deadline nor past an
 * abort of the caller's signal: a header source that never answers must not hold the call (and its
 * rate budget) forever. A hook given up on keeps running on its own; its result is ignored. The
 * timer and the abort listener are removed as soon as either side settles.
 */
export function withinBound(pending: Promise<void>, hook: string, bound: HookBound): Promise<void> {
  const { signal } = bound;
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        reject(new HookTimeout(hook));
      },
      Math.max(0, bound.deadline - Date.now()),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    void pending.then(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
