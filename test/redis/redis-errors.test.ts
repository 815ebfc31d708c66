/** Errors of the Redis stores belong to the package's one error family. */
import { createServer } from 'node:net';
import { expect, it, onTestFinished } from 'vitest';
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

/**
 * A port where no Redis answers, for the whole test: a server that drops every connection it is offered.
 * A port closed instead could be taken by a Redis another file starts at the same time.
 */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.destroy()).listen(0, '127.0.0.1', () => {
      const address = server.address();
      onTestFinished(() => new Promise<void>((done) => server.close(() => done())));
      resolve(typeof address === 'object' && address ? address.port : 1);
    });
  });
}
