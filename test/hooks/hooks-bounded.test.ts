import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, TimeoutError } from '../../src/index.js';
import { testClient } from '../helpers/client.js';
import { PRODUTO, hang, json, scriptedFetch } from '../helpers/scripted-fetch.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A hook's promise that never settles, as a stuck header source would return. */
const never = (): Promise<void> => new Promise<void>(() => undefined);

describe('hooks are bounded by the attempt’s deadline and the caller’s signal', () => {
  it('a beforeAttempt that never settles fails the call with TimeoutError at timeoutMs, nothing sent', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    const later = vi.fn();
    const client = testClient(fetch, { timeoutMs: 1000, maxRetries: 0, hooks: [{ beforeAttempt: never }, { beforeAttempt: later }] });
    let settled = false;
    const outcome = client.produtos.obter('SKU-1').catch((x: unknown) => x).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await outcome;
    expect(e).toBeInstanceOf(TimeoutError);
    expect((e as TimeoutError).timeoutMs).toBe(1000);
    expect((e as TimeoutError).beforeSending).toBe(true);
    expect((e as TimeoutError).message).toMatch(/beforeAttempt/);
    // The stuck hook is given up on: the hooks after it do not run, and nothing is sent.
    expect(later).not.toHaveBeenCalled();
    expect(seen).toHaveLength(0);
  });

  it('the timed-out attempt is retried as a timeout is; afterError and onRetry see it', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    const events: string[] = [];
    const client = testClient(fetch, {
      timeoutMs: 1000,
      maxRetries: 1,
      hooks: {
        beforeAttempt: (c) => (c.attempt === 1 ? never() : undefined),
        afterError: (c) => void events.push(`afterError:${c.attempt}:${c.error.name}`),
        onRetry: (c) => void events.push(`onRetry:${c.attempt}:${c.reason}`),
      },
    });
    const outcome = client.produtos.obter('SKU-1');
    await vi.advanceTimersByTimeAsync(1000);
    expect((await outcome).sku).toBe(PRODUTO.sku);
    expect(events).toEqual(['afterError:1:TimeoutError', 'onRetry:1:timeout']);
    expect(seen).toHaveLength(1);
  });

  it('the deadline covers the hooks and the exchange together', async () => {
    const { fetch, seen } = scriptedFetch(hang);
    const slowHook = () => new Promise<void>((resolve) => setTimeout(resolve, 600));
    const client = testClient(fetch, { timeoutMs: 1000, maxRetries: 0, hooks: { beforeAttempt: slowHook } });
    let settled = false;
    const outcome = client.produtos.obter('SKU-1').catch((x: unknown) => x).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(600);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(399);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await outcome;
    expect(e).toBeInstanceOf(TimeoutError);
    expect((e as TimeoutError).beforeSending).toBe(false);
  });

  it('a beforeAttempt that never settles gives way to the caller’s abort: AbortError, nothing sent', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    const controller = new AbortController();
    const client = testClient(fetch, { timeoutMs: 60_000, hooks: { beforeAttempt: never } });
    const outcome = client.produtos.obter('SKU-1', { signal: controller.signal }).catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(10);
    const reason = new Error('parceiro desistiu');
    controller.abort(reason);
    const e = await outcome;
    expect(e).toBeInstanceOf(AbortError);
    expect((e as AbortError).cause).toBe(reason);
    expect((e as AbortError).beforeSending).toBe(true);
    expect(seen).toHaveLength(0);
    // No timer is left behind for the abandoned hook: the call's deadline was cleared with it.
    expect(vi.getTimerCount()).toBe(0);
  });
});
