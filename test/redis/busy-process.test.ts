/**
 * A process busy past `commandTimeoutMs` (a long synchronous task, a loaded machine) runs its due
 * timers before it reads its sockets. A command Redis answered in time must still succeed: failing it
 * would send a Redis budget to its fallback, or a webhook to a 500, for no outage at all.
 *
 * The busy stretch here is a synchronous loop that ends only once Redis itself shows the command done
 * (read by `redis-cli`, another process) and the timeout has passed: no duration is guessed.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { createRedisDedupeStore } from '../../src/redis/index.js';
import { describeWithRedis, redisServerPath } from './redis-server.js';

const redisCli = redisServerPath === undefined ? 'redis-cli' : join(dirname(redisServerPath), 'redis-cli');

describeWithRedis('a Redis command while the process is busy', (redis) => {
  /** True when Redis holds `key`, asked over a connection of another process. */
  const existsInRedis = (key: string) => execFileSync(redisCli, ['-p', String(redis.server.port), 'EXISTS', key], { encoding: 'utf8' }).trim() === '1';

  it('succeeds when Redis answered within commandTimeoutMs, though the process could only read the answer after it', async () => {
    const timeoutMs = 200;
    const prefix = `busy-${process.pid}:`;
    const store = createRedisDedupeStore({ redis: redis.url, prefix, commandTimeoutMs: timeoutMs });
    try {
      expect(await store.has('evt_0')).toBe(false); // connected
      const sentAt = Date.now();
      const reserved = store.reserve('evt_1', 60_000);
      // node-redis writes its commands in an immediate; this one runs after it, in the loop's next turn.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          // Seen twice over two connections: the second answer comes from a later turn of Redis's loop,
          // after the turn that wrote the reservation's reply to our socket.
          for (let seen = 0, asked = 0; seen < 2; asked++) {
            if (asked === 1_000) throw new Error('the reservation never reached Redis: did node-redis stop writing in an immediate?');
            seen = existsInRedis(`${prefix}evt_1`) ? seen + 1 : 0;
          }
          while (Date.now() < sentAt + timeoutMs + 50) {
            // busy past the timeout, with the answer waiting in the socket
          }
          resolve();
        }),
      );
      expect(await reserved).toBe(true);
    } finally {
      await store.close();
    }
  });
});
