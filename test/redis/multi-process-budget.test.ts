/**
 * Real OS processes sharing one Redis budget against the testing kit's HTTP server with its rate
 * limit on: every call served and never more than the shared budget in any window (judged from the
 * budget's own grants on Redis's clock, never from timing), and a process
 * SIGKILLed while holding a call (probe) blocks the others only until its lease ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createFakeApi, type FakeApi, type FakeServer } from '../../src/testing/index.js';
import { nodeArgs } from '../setup/provided.js';
import { busiestWindow, recordGrants } from './budget-grants.js';
import { endProbeLease, probeLeaseEnd, redisNow, withAdmin } from './budget-clock.js';
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
  createInterface({ input: child.stdout }).on('line', (text) => {
    const line = JSON.parse(text) as Record<string, unknown>;
    lines.push(line);
    if (line.done) finish(line);
    for (const w of watchers.filter((w) => w.match(line))) w.resolve();
  });
  const waitFor = (match: (l: Record<string, unknown>) => boolean) => new Promise<void>((resolve) => (lines.some(match) ? resolve() : watchers.push({ match, resolve })));
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

  it('three processes, 15 calls each against 10 per second: every call served, never more than the shared 8 in any second', async () => {
    // The shared budget is 8 a second under the server's 10. Unshared, the three processes would ask for
    // 24 a second. The budget is judged where it decides, on Redis's clock (budget-grants.ts): the server
    // sees requests when they arrive, and on a loaded machine the way from a grant to the server can bunch
    // one window's calls into the next, so a 429 there (retried, as it must be) says nothing of the budget.
    const env = {
      MODE: 'redis',
      REDIS_URL: redis.url,
      KEY: 'mp-1',
      BASE_URL: server.url,
      CALLS: '15',
      PER_WINDOW: '8',
      WINDOW_MS: '1000',
      TOKEN: 'svc_sbx_mp_one',
      WARM_TOKEN: 'svc_sbx_mp_warm',
      COMMAND_TIMEOUT_MS: '20000',
    };
    const workers = ['a', 'b', 'c'].map((name) => startWorker({ ...env, WORKER: name }));
    await Promise.all(workers.map((w) => w.ready));
    const recording = await recordGrants(redis.url, 'mp-1');
    for (const w of workers) w.child.stdin!.write('go\n');
    await Promise.all(workers.map((w) => w.done));
    const { grants, takeBacks } = await recording.stop();
    // Each process got its 15 calls answered, and the server saw each call (a 429 retried shows as one more).
    for (const w of workers) expect(w.lines.filter((l) => typeof l.call === 'number').map((l) => l.status)).toEqual(Array(15).fill(200));
    const arrived = fake.requests.filter((r) => r.headers['x-test-worker'] !== undefined).map((r) => r.headers['x-test-worker']!);
    expect(arrived.length).toBeGreaterThanOrEqual(45);
    console.log(`multi-process budget: ${arrived.length - 45} refused by the server; arrival order: ${arrived.join('')}`);
    // The three processes drew on one budget: never more than 8 calls counted in any second.
    expect(new Set(grants.map((g) => g.process)).size).toBe(3);
    expect(grants.length - takeBacks.length).toBe(45);
    expect(busiestWindow(grants, takeBacks, 1_000)).toBeLessThanOrEqual(8);
    // How far each process had got when the first one was done, printed, not asserted: a process the
    // machine did not run for a second asked for nothing meanwhile, and the line serves only who asks.
    // That the line serves callers of every process in the order they asked is budget-store.test.ts's
    // proof ("within one priority ..."), where no scheduler decides who asks when.
    const kept = grants.filter((g) => !takeBacks.some((t) => t.ticket === g.ticket));
    const processes = [...new Set(kept.map((g) => g.process))];
    const firstDone = Math.min(...processes.map((p) => kept.map((g) => g.process).lastIndexOf(p)));
    console.log(`multi-process budget: grants per process when the first was done: ${processes.map((p) => kept.slice(0, firstDone + 1).filter((g) => g.process === p).length).join(', ')}`);
  });

  it('a process SIGKILLed while holding the probe call blocks the others only until its lease ends', async () => {
    const key = 'mp-kill';
    const { createRedisBudgetStore } = await import('../../src/redis/budget-store.js');
    const store = createRedisBudgetStore({ redis: redis.url, key, perMinute: 5, windowMs: 60_000, logger: { warn() {} } });
    try {
      // A 429 makes the next call a probe: one call goes, the others wait for its answer.
      const first = await store.tryTake(Date.now(), { priority: 'normal', waiterId: 'setup' });
      if (!first.granted) throw new Error('setup take refused');
      await store.settle(first.ticket, { kind: 'answered', observation: { status: 429, retryAfterMs: 0 } }, Date.now());
      // A lease far longer than any stall of a loaded machine, ended below on Redis's clock as its expiry would.
      const holder = startWorker({
        MODE: 'redis',
        REDIS_URL: redis.url,
        KEY: key,
        BASE_URL: server.url,
        PER_WINDOW: '5',
        WINDOW_MS: '60000',
        LEASE_MS: '45000',
        HOLD: '1',
        COMMAND_TIMEOUT_MS: '20000',
      });
      await holder.ready;
      const before = await withAdmin(redis.url, redisNow);
      holder.child.stdin!.write('go\n');
      await holder.waitFor((l) => l.holding === true);
      const after = await withAdmin(redis.url, redisNow);
      holder.child.kill('SIGKILL');
      // The dead process's probe holds its lease for LEASE_MS from its grant, on Redis's clock.
      const leaseEnd = await withAdmin(redis.url, (admin) => probeLeaseEnd(admin, key));
      expect(leaseEnd).toBeGreaterThanOrEqual(before + 45_000);
      expect(leaseEnd).toBeLessThanOrEqual(after + 45_000);
      expect(await store.tryTake(Date.now(), { priority: 'normal', waiterId: 'other' })).toMatchObject({ granted: false, reason: 'probe' });
      // Once the lease ends the others are served; no process is left waiting on the dead one.
      await withAdmin(redis.url, (admin) => endProbeLease(admin, key));
      expect((await store.tryTake(Date.now(), { priority: 'normal', waiterId: 'other' })).granted).toBe(true);
    } finally {
      await store.close();
    }
  });
});
