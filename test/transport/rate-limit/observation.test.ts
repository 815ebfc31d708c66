import { describe, expect, it } from 'vitest';
import { observationFromHeaders } from '../../../src/transport/rate-limit/index.js';

const NOW = 1_700_000_000_000;

describe('observationFromHeaders', () => {
  it('reads the three rate headers and Retry-After, whatever their case', () => {
    const headers = new Headers({ 'X-RateLimit-Limit': '60', 'x-ratelimit-remaining': '12', 'X-RATELIMIT-RESET': '30', 'Retry-After': '5' });
    expect(observationFromHeaders(429, headers, NOW)).toEqual({ status: 429, limit: 60, remaining: 12, resetMs: 30_000, retryAfterMs: 5_000 });
  });

  it('reads a reset given as Unix seconds', () => {
    const headers = new Headers({ 'x-ratelimit-reset': String(NOW / 1000 + 42) });
    expect(observationFromHeaders(200, headers, NOW).resetMs).toBe(42_000);
  });

  it('leaves missing or unreadable headers undefined instead of failing', () => {
    const headers = new Headers({ 'x-ratelimit-limit': 'lots', 'x-ratelimit-remaining': '-1', 'x-ratelimit-reset': '' });
    expect(observationFromHeaders(200, headers, NOW)).toEqual({
      status: 200,
      limit: undefined,
      remaining: undefined,
      resetMs: undefined,
      retryAfterMs: undefined,
    });
  });
});
