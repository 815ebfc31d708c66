import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidInputError, PartnerCommerce } from '../../src/index.js';
import { testClient } from '../helpers/client.js';
import { refusal } from '../helpers/refusal.js';
import { BASE_URL, PROD_TOKEN, SANDBOX_TOKEN, json, scriptedFetch } from '../helpers/scripted-fetch.js';

function issuesOf(fn: () => unknown): string[] {
  return refusal(fn).issues.map((i) => i.path);
}

describe('client construction', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('refuses a missing token, naming the option and the env var', () => {
    vi.stubEnv('PARTNER_COMMERCE_TOKEN', '');
    expect(issuesOf(() => new PartnerCommerce({ baseUrl: BASE_URL }))).toEqual(['token']);
    expect(() => new PartnerCommerce({ baseUrl: BASE_URL })).toThrow(/PARTNER_COMMERCE_TOKEN/);
  });

  it.each(['abc', 'svc_test_123', 'svc_sbx_', 'svc_sbx_ has space', 'Bearer svc_sbx_x'])('refuses the malformed token %j', (token) => {
    expect(issuesOf(() => new PartnerCommerce({ token, baseUrl: BASE_URL }))).toEqual(['token']);
  });

  it('never puts the token it refused in the message', () => {
    const token = 'svc_sbx_secret value';
    try {
      new PartnerCommerce({ token, baseUrl: BASE_URL });
    } catch (e) {
      expect(String(e)).not.toContain('secret');
      expect(JSON.stringify(e)).not.toContain('secret');
    }
  });

  it('falls back to PARTNER_COMMERCE_TOKEN and PARTNER_COMMERCE_BASE_URL', () => {
    vi.stubEnv('PARTNER_COMMERCE_TOKEN', PROD_TOKEN);
    vi.stubEnv('PARTNER_COMMERCE_BASE_URL', BASE_URL);
    expect(new PartnerCommerce().environment).toBe('production');
  });

  it('derives the environment from the token prefix', () => {
    expect(new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL }).environment).toBe('sandbox');
    expect(new PartnerCommerce({ token: PROD_TOKEN, baseUrl: BASE_URL }).environment).toBe('production');
  });

  it.each(['http://api.example.test', 'ftp://x', 'not a url', 'http://10.0.0.1', 'http://localhost.evil.test', 'https://api.example.test/v1'])('refuses the baseUrl %j', (baseUrl) => {
    expect(issuesOf(() => new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl }))).toEqual(['baseUrl']);
  });

  it('refuses a missing baseUrl naming the env var', () => {
    vi.stubEnv('PARTNER_COMMERCE_BASE_URL', '');
    expect(() => new PartnerCommerce({ token: SANDBOX_TOKEN })).toThrow(/PARTNER_COMMERCE_BASE_URL/);
  });

  it.each(['https://api.example.test', 'http://localhost:8080', 'http://127.0.0.1:9', 'http://127.1.2.3', 'http://[::1]:3000', 'https://x.test/prefix/'])('accepts the baseUrl %j', (baseUrl) => {
    expect(() => new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl })).not.toThrow();
  });

  it('lists every bad option at once', () => {
    const paths = issuesOf(
      () =>
        new PartnerCommerce({
          token: 'x',
          baseUrl: 'http://x.test',
          maxRetries: -1,
          retryDelayMs: 1.5,
          timeoutMs: 0,
          logLevel: 'loud' as never,
          rateLimit: { perMinute: 0 },
          logger: {} as never,
        }),
    );
    expect(paths).toEqual(['token', 'baseUrl', 'maxRetries', 'retryDelayMs', 'timeoutMs', 'logLevel', 'logger', 'rateLimit.perMinute']);
  });

  it('leaves nothing pending at construction (no timer that could fire later or keep a script alive)', () => {
    vi.useFakeTimers();
    try {
      new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL });
      new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, rateLimit: { perMinute: 10 } });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('unknown options', () => {
  it('are refused by name, so a typo is never silently ignored', () => {
    expect(issuesOf(() => new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, maxRetry: 5 } as never))).toEqual(['maxRetry']);
    expect(issuesOf(() => new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, rateLimit: { perMinutes: 60 } as never }))).toEqual(['rateLimit.perMinutes']);
  });

  it('rateLimit.redis needs a key naming the shared budget, and a Redis it can reach', () => {
    expect(issuesOf(() => new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, rateLimit: { perMinute: 60, redis: { url: 'redis://x' } } }))).toEqual(['rateLimit.key']);
    expect(issuesOf(() => new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, rateLimit: { redis: 'http://x', key: 'k' } }))).toEqual(['rateLimit.redis']);
    expect(issuesOf(() => new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, rateLimit: { key: 'k' } }))).toEqual(['rateLimit.key']);
  });
});

describe('options checked by one schema per options object', () => {
  it('names every bad client option in one error: nulls, wrong types and misspellings alike', () => {
    const error = refusal(
      () =>
        new PartnerCommerce({
          token: SANDBOX_TOKEN,
          baseUrl: BASE_URL,
          logLevel: null,
          logger: null,
          fetch: 'nope',
          responseValidation: 'loose',
          priority: 'urgent',
          timeout: 5_000,
        } as never),
    );
    expect(error.issues).toEqual([
      { path: 'logLevel', message: 'must be one of debug, info, warn, error, off' },
      { path: 'logger', message: 'must have debug, info, warn and error methods (console-like)' },
      { path: 'fetch', message: 'must be a fetch function' },
      { path: 'responseValidation', message: `must be 'strict' or 'lenient' (got "loose")` },
      { path: 'priority', message: "must be one of 'interactive', 'normal', 'bulk'" },
      { path: 'timeout', message: expect.stringMatching(/^is not an option of PartnerCommerce \(known: token, baseUrl, .*timeoutMs/) },
    ]);
  });

  it('refuses options that are not an object with an InvalidInputError', () => {
    expect(refusal(() => new PartnerCommerce(null as never))).toBeInstanceOf(InvalidInputError);
  });

  it('names every bad per-call option in one error, misspelt ones included, before anything is sent', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    const error = await testClient(fetch)
      .request('GET', '/v1/conta', { maxRetries: 11, headers: { Authorization: 'x' }, timeout: 5_000, retries: 2 } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).issues.map((i) => i.path)).toEqual(['maxRetries', 'headers.Authorization', 'timeout', 'retries']);
    expect(seen).toHaveLength(0);
  });
});
