import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_MS, sleep } from '../../src/internal/sleep.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sleep', () => {
  it('sleeps longer than a timer holds for the whole time: neither 1 ms (one overflowing timer) nor waking every ms', async () => {
    // The fake clock overflows as Node does: a timer above MAX_TIMER_MS fires after 1 ms.
    const started = Date.now();
    let doneAt: number | undefined;
    void sleep(MAX_TIMER_MS * 2 + 5).then(() => (doneAt = Date.now()));
    await vi.advanceTimersByTimeAsync(10);
    expect(doneAt).toBeUndefined();
    // Runs every timer the sleep sets; one that re-armed every millisecond would hit the fake clock's loop limit.
    await vi.runAllTimersAsync();
    expect(doneAt).toBe(started + MAX_TIMER_MS * 2 + 5);
  });

  it('rejects with the reason as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(MAX_TIMER_MS * 3, controller.signal).catch((e: unknown) => e);
    controller.abort('stop');
    expect(await waiting).toBe('stop');
  });
});
