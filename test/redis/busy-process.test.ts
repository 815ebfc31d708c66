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
import { createClient } from 'redis';
import { createRedisDedupeStore, type NodeRedisLike } from '../../src/redis/index.js';
import { describeWithRedis, redisServerPath } from './redis-server.js';

const redisCli = redisServerPath === undefined ? 'redis-cli' : join(dirname(redisServerPath), 'redis-cli');

describeWithRedis('a Redis command while the process is busy', (redis) => {
  /** True when Redis holds `key`, asked over a connection of another process. */
  const existsInRedis = (key: string) => execFileSync(redisCli, ['-p', String(redis.server.port), 'EXISTS', key], { encoding: 'utf8' }).trim() === '1';

  it('succeeds when Redis answered within commandTimeoutMs, though the process could only read the answer after it', async () => {
    const timeoutMs = 200;
    const prefix = `busy-${process.pid}:`;
    const client = await createClient({ url: redis.url }).connect();
    /** Set for one command: the busy stretch, run in the same turn as node-redis's write of it. */
    let afterNextWrite: (() => void) | undefined;
    const busyClient: NodeRedisLike = {
      sendCommand(args) {
        const answer = client.sendCommand(args);
        // node-redis writes in an immediate it schedules in sendCommand: this one runs right after it,
        // before the process can read any answer.
        const busy = afterNextWrite;
        afterNextWrite = undefined;
        if (busy) setImmediate(busy);
        return answer;
      },
    };
    const store = createRedisDedupeStore({ redis: busyClient, prefix, commandTimeoutMs: timeoutMs, logger: { warn() {} } });
    try {
      // Connected first; on a loaded machine the connection itself may take longer than 200 ms.
      for (let connected = false; !connected;)
        connected = await store.has('evt_0').then(
          () => true,
          () => false,
        );
      // An attempt counts only when the busy stretch began before the timer was due: a stall before it
      // (the machine's, not ours) lets the timer fire with no answer yet, which proves nothing.
      for (let attempt = 1; ; attempt++) {
        const id = `evt_${attempt}`;
        let clean = false;
        const sentAt = Date.now();
        const busyDone = new Promise<void>((resolve) => {
          afterNextWrite = () => {
            // The command's timer started between sentAt and now: it was not due yet (clean), and it is
            // surely due once the process has been busy for timeoutMs from now.
            const busyFrom = Date.now();
            clean = busyFrom < sentAt + timeoutMs;
            // Seen twice over two connections: the second answer comes from a later turn of Redis's loop,
            // after the turn that wrote the reservation's reply to our socket.
            for (let seen = 0, asked = 0; seen < 2; asked++) {
              if (asked === 1_000) throw new Error('the reservation never reached Redis');
              seen = existsInRedis(`${prefix}${id}`) ? seen + 1 : 0;
            }
            while (Date.now() < busyFrom + timeoutMs + 5) {
              // busy past the timeout, with the answer waiting in the socket
            }
            resolve();
          };
        });
        const outcome = await store.reserve(id, 60_000).then(
          (won) => ({ won }),
          (err: unknown) => ({ err: (err as Error).name }),
        );
        await busyDone;
        if (!clean) continue;
        expect(outcome).toEqual({ won: true });
        break;
      }
    } finally {
      await store.close();
      client.destroy();
    }
  });
});
