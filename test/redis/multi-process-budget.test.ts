/**
 * Real OS processes sharing one Redis budget against the testing kit's HTTP server with its rate
 * limit on: every call served and none refused by the server, no process starved (both judged from the
 * server's own request log, never from timing), and a process SIGKILLed
 * while holding a call (probe) blocks the others only until its lease ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createFakeApi, type FakeApi, type FakeServer } from '../../src/testing/index.js';
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
  // A worker that dies while starting fails the test at once, rather than leaving it to time out.
  const ready = Promise.race([waitFor((l) => l.ready === true), done.then(() => {})]);
  return { child, lines, done, waitFor, ready };
}

describeWithRedis('several processes share one Redis budget', (redis) => {
  let fake: FakeApi;
  let server: FakeServer;
  beforeAll(async () => {
    fake = createFakeApi({ rateLimit: { perMinute: 10, windowMs: 1_000 } });
    server = await fake.listen();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('three processes, 15 calls each against 10 per second: every call served, none refused by the server, none starved', async () => {
    // The shared budget is 8 a second under the server's 10: its windows start when a permit is granted,
    // the server's when the request arrives, and on a loaded machine the way between them can bunch a
    // window's requests into the next one. Unshared, the three processes would ask for 24 a second.
    const env = { MODE: 'redis', REDIS_URL: redis.url, KEY: 'mp-1', BASE_URL: server.url, CALLS: '15', PER_WINDOW: '8', WINDOW_MS: '1000', TOKEN: 'svc_sbx_mp_one', WARM_TOKEN: 'svc_sbx_mp_warm', COMMAND_TIMEOUT_MS: '20000' };
    const workers = ['a', 'b', 'c'].map((name) => startWorker({ ...env, WORKER: name }));
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.child.stdin!.write('go\n');
    await Promise.all(workers.map((w) => w.done));
    // Each process got its 15 calls answered.
    for (const w of workers) expect(w.lines.filter((l) => typeof l.call === 'number').map((l) => l.status)).toEqual(Array(15).fill(200));
    // The server's own log: 45 requests in all, so it refused none (a 429 is retried, and would show as a 46th).
    const arrived = fake.requests.filter((r) => r.headers['x-test-worker'] !== undefined).map((r) => r.headers['x-test-worker']!);
    expect(arrived).toHaveLength(45);
    // Nobody starved, judged by the order the server received them: when the first process had all its
    // calls served, each other process had more than half of its own (the budget goes round the processes).
    const firstDone = ['a', 'b', 'c'].map((name) => arrived.lastIndexOf(name)).sort((x, y) => x - y)[0]!;
    const servedBy = (name: string) => arrived.slice(0, firstDone + 1).filter((w) => w === name).length;
    console.log('multi-process budget, arrival order:', arrived.join(''));
    for (const name of ['a', 'b', 'c']) expect(servedBy(name)).toBeGreaterThan(7);
  }, 60_000);

  it('a process SIGKILLed while holding the probe call blocks the others only until its lease ends', async () => {
    const key = 'mp-kill';
    const { createRedisBudgetStore } = await import('../../src/redis/budget-store.js');
    const store = createRedisBudgetStore({ redis: redis.url, key, perMinute: 5, windowMs: 60_000, logger: { warn() {} } });
    try {
      // A 429 makes the next call a probe: one call goes, the others wait for its answer.
      const first = await store.tryTake(Date.now(), { priority: 'normal', waiterId: 'setup' });
      if (!first.granted) throw new Error('setup take refused');
      await store.settle(first.ticket, { kind: 'answered', observation: { status: 429, retryAfterMs: 0 } }, Date.now());
      const holder = startWorker({ MODE: 'redis', REDIS_URL: redis.url, KEY: key, BASE_URL: server.url, PER_WINDOW: '5', WINDOW_MS: '60000', LEASE_MS: '1500', HOLD: '1', COMMAND_TIMEOUT_MS: '20000' });
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
  });
});
