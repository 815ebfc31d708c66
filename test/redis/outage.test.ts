/**
 * Redis stopped in the middle of a server window, with three real processes sharing the budget: no
 * process earns a 429. Each falls back to its share of what the window had left (not a fresh full
 * window), and the three shares together fit in it. The calls are ordered by the test (no timing):
 * three rounds of one call per process with Redis up, Redis stopped, then two calls per process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { createFakeApi } from '../../src/testing/index.js';
import { nodeArgs } from '../setup/provided.js';
import { describeWithRedis, startRedis } from './redis-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const workerScript = fileURLToPath(new URL('./fixtures/outage-worker.ts', import.meta.url));

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

interface Worker {
  send(command: string): void;
  /** The next JSON line the worker prints. */
  next(): Promise<Record<string, unknown>>;
}

function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, nodeArgs(workerScript), { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  running.push(child);
  const queued: Record<string, unknown>[] = [];
  const waiting: ((line: Record<string, unknown>) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (text) => {
    const line = JSON.parse(text) as Record<string, unknown>;
    const taker = waiting.shift();
    if (taker) taker(line);
    else queued.push(line);
  });
  return {
    send: (command) => void child.stdin.write(`${command}\n`),
    next: () => new Promise((resolve) => (queued.length > 0 ? resolve(queued.shift()!) : waiting.push(resolve))),
  };
}

describeWithRedis('Redis stopped mid-window', () => {
  it('three processes never earn a 429: each spends its share of what the window had left', async () => {
    const redis = await startRedis();
    const server = await createFakeApi({ rateLimit: { perMinute: 12, windowMs: 60_000 } }).listen();
    try {
      const env = { REDIS_URL: redis.url, KEY: 'outage', BASE_URL: server.url, PER_WINDOW: '12', WINDOW_MS: '60000', ABORT_MS: '1500' };
      const workers = [startWorker(env), startWorker(env), startWorker(env)];
      for (const w of workers) expect(await w.next()).toEqual({ ready: true });
      // 9 of the window's 12 calls, one process after the other, through Redis.
      for (let round = 0; round < 3; round++) {
        for (const w of workers) {
          w.send('call');
          expect(await w.next()).toEqual({ call: 200, refused: 0 });
        }
      }
      await redis.stop();
      // 3 calls left in the window, 6 asked for: 1 each goes, the second of each is held (then aborted).
      for (const w of workers) w.send('two');
      const results = await Promise.all(workers.map((w) => w.next()));
      expect(results).toEqual([
        { first: 200, second: 'held', refused: 0 },
        { first: 200, second: 'held', refused: 0 },
        { first: 200, second: 'held', refused: 0 },
      ]);
    } finally {
      await server.close();
      await redis.stop();
    }
  });
});
