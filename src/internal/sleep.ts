/** The longest delay a platform timer takes (2^31-1 ms); above it Node fires after 1 ms instead. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * Waits `ms`, rejecting at once with the signal's reason when it aborts. A wait longer than a timer
 * can hold is slept as a chain of timers, never as one overflowing timer (which would fire at once).
 * The timer stays ref'd on purpose: a caller is awaiting this wait, and an unref'd timer would let a
 * script's process exit in the middle of a retry.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    if (!(ms > 0)) return resolve();
    const until = Date.now() + ms;
    let timer: ReturnType<typeof setTimeout>;
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const arm = (left: number) => {
      timer = setTimeout(
        () => {
          const rest = until - Date.now();
          if (rest > 0 && left > MAX_TIMER_MS) return arm(rest);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.min(left, MAX_TIMER_MS),
      );
    };
    arm(ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
