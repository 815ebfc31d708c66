/**
 * Real OS processes sharing one Redis budget against the testing kit's HTTP server with its rate
 * limit on: no 429 after the first window, the processes finish together, and a process SIGKILLed
 * while holding a call (probe) blocks the others only until its lease ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createFakeApi, type FakeServer } from '../../src/testing/index.js';
import { nodeArgs } from '../setup/provided.js';
import { describeWithRedis } from './redis-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const workerScript = fileURLToPath(new URL('./fixtures/budget-worker.ts', import.meta.url));

interface Worker {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  done: Promise<Record<string, unknown>>;
  /** Resolves once the worker has loaded and waits for "go". */
  ready: Promise<void>;
  waitFor(match: (line: Record<string, unknown>) => boolean): Promise<void>;
}

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, nodeArgs(workerScript), { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  running.push(child);
  const lines: Record<string, unknown>[] = [];
  const watchers: { match: (l: Record<string, unknown>) => boolean; resolve: () => void }[] = [];
  let finish: (line: Record<string, unknown>) => void = () => {};
  const done = new Promise<Record<string, unknown>>((resolve, reject) => {
    finish = resolve;
    child.once('exit', (code, signal) => reject(new Error(`worker exited (${code ?? signal}) before finishing`)));
  });
  // A worker the test kills on purpose never finishes; that is not an error of the run.
  done.catch(() => {});
  createInterface({ input: child.stdout! }).on('line', (text) => {
    const line = JSON.parse(text) as Record<string, unknown>;
    lines.push(line);
    if (line.done) finish(line);
    for (const w of watchers.filter((w) => w.match(line))) w.resolve();
  });
  const waitFor = (match: (l: Record<string, unknown>) => boolean) =>
    new Promise<void>((resolve) => (lines.some(match) ? resolve() : watchers.push({ match, resolve })));
  return { child, lines, done, waitFor, ready: waitFor((l) => l.ready === true) };
}

describeWithRedis('several processes share one Redis budget', (redis) => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await createFakeApi({ rateLimit: { limit: 10, windowMs: 1_000 } }).listen();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('three processes, 15 calls each against 10 per second: no 429 after the first window, and they finish together', async () => {
    const env = { MODE: 'redis', REDIS_URL: redis.url, KEY: 'mp-1', BASE_URL: server.url, CALLS: '15', PER_WINDOW: '10', WINDOW_MS: '1000', TOKEN: 'svc_sbx_mp_one' };
    const workers = [startWorker(env), startWorker(env), startWorker(env)];
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.child.stdin!.write('go\n');
    const results = await Promise.all(workers.map((w) => w.done));
    console.log('multi-process budget:', JSON.stringify(results));
    const lateRefusals = workers.flatMap((w) => w.lines.filter((l) => typeof l.refusedAt === 'number' && l.refusedAt > 1_000));
    expect(lateRefusals).toEqual([]);
    const times = results.map((r) => Number(r.elapsedMs));
    // 45 calls at 10 per second: about 4 s for everyone; no process is starved behind the others.
    expect(Math.max(...times) / Math.min(...times)).toBeLessThan(1.5);
  }, 60_000);

  it('a process SIGKILLed while holding the probe call blocks the others only until its lease ends', async () => {
    const key = 'mp-kill';
    const { createRedisBudgetStore } = await import('../../src/redis/index.js');
    const store = createRedisBudgetStore({ redis: redis.url, key, perMinute: 5, windowMs: 60_000, logger: { warn() {} } });
    try {
      // A 429 makes the next call a probe: one call goes, the others wait for its answer.
      const first = await store.tryTake(Date.now(), { priority: 'normal', waiterId: 'setup' });
      if (!first.granted) throw new Error('setup take refused');
      await store.settle(first.ticket, { kind: 'answered', observation: { status: 429, retryAfterMs: 0 } }, Date.now());
      const holder = startWorker({ MODE: 'redis', REDIS_URL: redis.url, KEY: key, BASE_URL: server.url, PER_WINDOW: '5', WINDOW_MS: '60000', LEASE_MS: '1500', HOLD: '1' });
      await holder.ready;
      holder.child.stdin!.write('go\n');
      await holder.waitFor((l) => l.holding === true);
      holder.child.kill('SIGKILL');
      const held = await store.tryTake(Date.now(), { priority: 'normal', waiterId: 'other' });
      expect(held).toMatchObject({ granted: false, reason: 'probe' });
      if (held.granted) return;
      // Told when to come back (the lease's end), it is served then; no process is left waiting on the dead one.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, held.retryAt! - Date.now()) + 50));
      expect((await store.tryTake(Date.now(), { priority: 'normal', waiterId: 'other' })).granted).toBe(true);
    } finally {
      await store.close();
    }
  }, 30_000);
});
