import { describe, expect, it } from 'vitest';
import { backoff, MAX_BACKOFF_MS } from '../../src/transport/retry-policy.js';

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
