import { describe, expect, it } from 'vitest';
import { InvalidInputError, PartnerCommerce } from '../../src/index.js';
import { testClient } from '../helpers/client.js';
import { BASE_URL, SANDBOX_TOKEN, json, scriptedFetch } from '../helpers/scripted-fetch.js';

const bad: [string, unknown][] = [
  ['timeoutMs', 3e9],
  ['timeoutMs', 0],
  ['timeoutMs', Number.POSITIVE_INFINITY],
  ['timeoutMs', Number.NaN],
  ['timeoutMs', 2.5],
  ['maxRetries', -1],
  ['maxRetries', 11],
  ['maxRetries', 1e9],
  ['retryDelayMs', -5],
  ['retryDelayMs', 3_600_000],
];

describe('numeric options have a range', () => {
  for (const [name, value] of bad) {
    it(`refuses ${name}: ${value} at construction, naming the option and its range`, () => {
      const { fetch } = scriptedFetch(() => json(200, {}));
      let error: unknown;
      try {
        new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, fetch, [name]: value });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InvalidInputError);
      const issue = (error as InvalidInputError).issues.find((i) => i.path === name);
      expect(issue?.message).toMatch(/from \d+ to \d+/);
    });
  }

  for (const [name, value] of bad.filter(([n]) => n !== 'retryDelayMs')) {
    it(`refuses ${name}: ${value} per call, before anything is sent`, async () => {
      const { fetch, seen } = scriptedFetch(() => json(200, {}));
      const e = await testClient(fetch)
        .request('GET', '/v1/conta', { [name]: value })
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(InvalidInputError);
      expect((e as InvalidInputError).issues[0]?.path).toBe(name);
      expect(seen).toHaveLength(0);
    });
  }

  it('accepts the ends of each range', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    const client = new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: false, logLevel: 'off', timeoutMs: 2_147_483_647, maxRetries: 10, retryDelayMs: 60_000 });
    await client.request('GET', '/v1/conta', { timeoutMs: 1, maxRetries: 0 }).catch(() => undefined);
    await client.request('GET', '/v1/conta', { timeoutMs: 2_147_483_647, maxRetries: 10 });
    expect(seen.length).toBeGreaterThanOrEqual(1);
  });
});
