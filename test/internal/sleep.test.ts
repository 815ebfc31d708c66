import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_MS, sleep } from '../../src/internal/sleep.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sleep', () => {
  it('sleeps longer than a timer holds as a chain of timers, not one that fires at once', async () => {
    const spy = vi.spyOn(globalThis, 'setTimeout');
    let done = false;
    void sleep(MAX_TIMER_MS * 2 + 5).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(false);
    for (const call of spy.mock.calls) expect(call[1]).toBeLessThanOrEqual(MAX_TIMER_MS);
    await vi.advanceTimersByTimeAsync(MAX_TIMER_MS * 2);
    expect(done).toBe(true);
    spy.mockRestore();
  });

  it('rejects with the reason as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(MAX_TIMER_MS * 3, controller.signal).catch((e: unknown) => e);
    controller.abort('stop');
    expect(await waiting).toBe('stop');
  });
});
