import { createConnection } from 'node:net';
import { expect, it } from 'vitest';
import { describeWithRedis, startRedis } from './redis-server.js';

/** One raw command over a fresh socket; the first reply line. */
function send(port: number, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('error', reject);
    socket.once('connect', () => socket.write(`${line}\r\n`));
    socket.once('data', (chunk) => {
      socket.destroy();
      resolve(chunk.toString().split('\r\n')[0]!);
    });
  });
}

describeWithRedis('the Redis test harness', (redis) => {
  it('starts a server on a loopback port that answers, without persistence', async () => {
    expect(redis.url).toBe(`redis://127.0.0.1:${redis.server.port}`);
    expect(await send(redis.server.port, 'PING')).toBe('+PONG');
    expect(await send(redis.server.port, 'CONFIG GET save')).toBe('*2');
  });

  it('starts each server on its own port and stops it', async () => {
    const other = await startRedis();
    expect(other.port).not.toBe(redis.server.port);
    expect(await send(other.port, 'SET k v')).toBe('+OK');
    expect(await send(redis.server.port, 'EXISTS k')).toBe(':0');
    await other.stop();
    await expect(send(other.port, 'PING')).rejects.toThrow(/ECONNREFUSED/);
    await other.stop(); // twice is fine
  });
});
