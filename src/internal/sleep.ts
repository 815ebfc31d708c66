/**
 * Waits `ms`, rejecting at once with the signal's reason when it aborts. The timer stays ref'd on
 * purpose: a caller is awaiting this wait, and an unref'd timer would let a script's process exit
 * in the middle of a retry.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    if (ms <= 0) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
