/** Errors of the Redis stores belong to the package's one error family. */
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { PartnerCommerceError } from '../../src/index.js';
import { createRedisDedupeStore, RedisUnavailableError } from '../../src/redis/index.js';

it('a Redis that is not there fails with a RedisUnavailableError that is a PartnerCommerceError', async () => {
  const store = createRedisDedupeStore({ redis: `redis://127.0.0.1:${await closedPort()}`, environment: 'sandbox', commandTimeoutMs: 300 });
  try {
    const failure = await store.has('evt_1').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(RedisUnavailableError);
    expect(failure).toBeInstanceOf(PartnerCommerceError);
    expect((failure as Error).name).toBe('RedisUnavailableError');
  } finally {
    await store.close();
  }
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}
