import { describe, expect, it } from 'vitest';
import { ConnectionError, TimeoutError } from '../../src/index.js';
import { apiErrorFromResponse } from '../../src/errors/from-response.js';
import { backoff, MAX_BACKOFF_MS, retryDecision } from '../../src/transport/retry-policy.js';

const ctx = (retryDelayMs: number, retriesTaken: number, jitter: number) => ({
  method: 'GET',
  hasIdempotencyKey: false,
  retryDelayMs,
  retriesTaken,
  random: () => jitter,
});

describe('backoff', () => {
  it('doubles from retryDelayMs at each retry, less at most a quarter of jitter', () => {
    expect([0, 1, 2].map((n) => backoff(ctx(1000, n, 0)))).toEqual([1000, 2000, 4000]);
    expect(backoff(ctx(1000, 2, 1))).toBe(3000);
  });

  it('never waits more than a minute, however many retries and however large the first wait', () => {
    // The largest options the client accepts: retryDelayMs 60000, maxRetries 10.
    const waits = Array.from({ length: 10 }, (_, n) => backoff(ctx(60_000, n, 0)));
    expect(Math.max(...waits)).toBe(MAX_BACKOFF_MS);
    expect(backoff(ctx(1000, 9, 0))).toBe(MAX_BACKOFF_MS);
    // Jitter still spreads capped waits, so clients stuck at the cap do not retry in lockstep.
    expect(backoff(ctx(1000, 9, 1))).toBe(MAX_BACKOFF_MS * 0.75);
  });
});

describe('retryDecision', () => {
  const answer = (status: number, headers: Record<string, string> = {}) => apiErrorFromResponse(status, new Headers(headers), '{}', { method: 'GET', path: '/v1/conta' });

  it('says how long to wait and why', () => {
    expect(retryDecision(answer(429, { 'retry-after': '2' }), ctx(1000, 0, 0))).toEqual({ delayMs: 2000, reason: 'rate_limited' });
    expect(retryDecision(answer(503), ctx(1000, 1, 0))).toEqual({ delayMs: 2000, reason: 'server_error' });
    expect(retryDecision(new TimeoutError(10), ctx(1000, 0, 0))).toEqual({ delayMs: 1000, reason: 'timeout' });
    expect(retryDecision(new ConnectionError('reset'), ctx(1000, 0, 0))).toEqual({ delayMs: 1000, reason: 'connection' });
    expect(retryDecision(answer(400), ctx(1000, 0, 0)).delayMs).toBeNull();
    expect(retryDecision(answer(503), { ...ctx(1000, 0, 0), method: 'POST' }).delayMs).toBeNull();
  });

  it('refuses a server wait past the cap with a note, and leaves the error as it was', () => {
    const error = answer(429, { 'retry-after': '3600' });
    const before = error.message;
    const decision = retryDecision(error, ctx(1000, 0, 0));
    expect(decision.delayMs).toBeNull();
    expect(decision.note).toContain('3600000 ms');
    expect(error.message).toBe(before);
  });
});
