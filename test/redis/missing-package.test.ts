/**
 * A Redis URL without the `redis` package installed: a configuration error naming the package, before
 * anything is sent, never a silent fallback to a share of the budget (8 processes would send twice it).
 * The package is made unloadable for this file only, as on a machine where it is not installed.
 */
import { expect, it, vi } from 'vitest';
import { InvalidInputError, PartnerCommerce } from '../../src/index.js';

vi.mock('redis', () => {
  throw new Error("Cannot find package 'redis' imported from partner-commerce");
});

it('the first call fails with an InvalidInputError naming the redis package, and nothing is sent', async () => {
  const sent: string[] = [];
  const warnings: string[] = [];
  const client = new PartnerCommerce({
    token: 'svc_sbx_missing_redis_package',
    baseUrl: 'https://sandbox.test',
    rateLimit: { redis: 'redis://127.0.0.1:6379', key: 'missing-package' },
    fetch: async (input) => {
      sent.push(String(input));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
    logger: { debug() {}, info() {}, warn: (m: string) => warnings.push(m), error() {} },
  });
  const failure = await client.request('GET', '/v1/conta').then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(failure).toBeInstanceOf(InvalidInputError);
  expect((failure as InvalidInputError).issues[0]?.path).toBe('redis');
  expect((failure as Error).message).toMatch(/needs the `redis` package: npm install redis/);
  expect(sent).toEqual([]);
  expect(warnings.filter((w) => /falls back/.test(w))).toEqual([]);
});
