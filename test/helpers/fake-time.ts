import { vi } from 'vitest';

/**
 * Fakes the clock the SDK's waits read (`setTimeout`, `Date`) and nothing else, so `setImmediate`,
 * I/O and OpenTelemetry's own timers keep running: a test then decides when a rate window passes,
 * instead of hoping a loaded machine is quick enough to stay inside one.
 */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

/**
 * Runs `promise` to its end on the fake clock: while it is pending, the clock jumps to the next timer
 * when one is set, and otherwise the real event loop turns once (a dynamic import or other I/O may be
 * what it waits for). Bounded by the test's own timeout.
 */
export async function settleOnFakeClock<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    if (vi.getTimerCount() > 0) await vi.advanceTimersToNextTimerAsync();
    else await new Promise((resolve) => setImmediate(resolve));
  }
  return promise;
}
