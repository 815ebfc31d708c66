import { vi } from 'vitest';

/**
 * Runs `work` to its end on a fake clock, then puts the real one back. Only `setTimeout` and `Date` are
 * faked (what the SDK's waits read), so `setImmediate`, I/O and OpenTelemetry's own timers keep
 * running: the test decides when a rate window passes, instead of hoping a loaded machine is quick
 * enough to stay inside one. While `work` is pending, the clock jumps to the next timer when one is
 * set, and otherwise the real event loop turns once (a dynamic import or other I/O may be what it
 * waits for). Bounded by the test's own timeout.
 */
export async function onFakeClock<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  try {
    let settled = false;
    const promise = work();
    promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled) {
      if (vi.getTimerCount() > 0) await vi.advanceTimersToNextTimerAsync();
      else await new Promise((resolve) => setImmediate(resolve));
    }
    return await promise;
  } finally {
    vi.useRealTimers();
  }
}
