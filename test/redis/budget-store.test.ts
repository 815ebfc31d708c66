/**
 * The Redis budget store against a real Redis: atomic takes across stores (as across processes),
 * FIFO and priorities across limiters, the server's headers, leases, and the fallback when Redis is
 * unreachable or hung (never fail open, never hang).
 */
import { createServer } from 'node:net';
import { expect, it, onTestFinished, vi } from 'vitest';
import { createRedisBudgetStore, type RedisBudgetStore, type RedisBudgetStoreOptions } from '../../src/redis/budget-store.js';
import type { RateTake } from '../../src/transport/rate-limit/index.js';
import { MAX_SERVER_WAIT_MS } from '../../src/transport/server-wait.js';
import { endProbeLease, endServerWindow, probeLeaseEnd, redisNow, withAdmin } from './budget-clock.js';
import { describeWithRedis } from './redis-server.js';

let keys = 0;
const quiet = { warn: () => {} };

describeWithRedis('Redis budget store', (redis) => {
  const stores: RedisBudgetStore[] = [];
  const make = (options: Partial<RedisBudgetStoreOptions> & { key: string }): RedisBudgetStore => {
    const store = createRedisBudgetStore({ redis: redis.url, logger: quiet, ...options });
    stores.push(store);
    return store;
  };
  const take = (store: RedisBudgetStore, waiterId: string, priority: 'interactive' | 'normal' | 'bulk' = 'normal') => store.tryTake(Date.now(), { priority, waiterId });

  it('five stores (five processes) asking at once for a budget of 10 get exactly 10 calls', async () => {
    const key = `atomic-${++keys}`;
    const group = Array.from({ length: 5 }, () => make({ key, perMinute: 10, windowMs: 60_000 }));
    const takes = await Promise.all(Array.from({ length: 50 }, (_, i) => take(group[i % 5]!, `w${i}`)));
    expect(takes.filter((t) => t.granted)).toHaveLength(10);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- filter's predicate does not narrow; the assertion does
    const refused = takes.filter((t) => !t.granted) as Extract<RateTake, { granted: false }>[];
    // Refused callers hear when to ask again (no polling), staggered by their place in line.
    expect(new Set(refused.map((t) => t.reason))).toEqual(new Set(['window', 'queue']));
    expect(refused.every((t) => t.retryAt !== undefined && t.retryAt > Date.now())).toBe(true);
  });

  it('within one priority, callers are served in the order they first asked, across stores', async () => {
    const key = `fifo-${++keys}`;
    // A window longer than any stall of a loaded machine: the first call still holds it when the others ask.
    const a = make({ key, perMinute: 1, windowMs: 60_000 });
    const b = make({ key, perMinute: 1, windowMs: 60_000 });
    expect((await take(a, 'first')).granted).toBe(true);
    expect(await take(a, 'a1')).toMatchObject({ granted: false, reason: 'window' });
    expect(await take(b, 'b1')).toMatchObject({ granted: false, reason: 'queue' });
    const a1 = (await take(a, 'a1')) as Extract<RateTake, { granted: false }>;
    const b1 = (await take(b, 'b1')) as Extract<RateTake, { granted: false }>;
    // b1 stands behind a1: it is told to come back one slot later.
    expect(b1.retryAt!).toBeGreaterThan(a1.retryAt!);
  });

  it('no call starts while a more urgent caller waits in any process', async () => {
    const key = `prio-${++keys}`;
    const worker = make({ key, perMinute: 1, windowMs: 60_000 });
    const shop = make({ key, perMinute: 1, windowMs: 60_000 });
    expect((await take(worker, 'bulk-0', 'bulk')).granted).toBe(true);
    expect(await take(shop, 'order', 'interactive')).toMatchObject({ granted: false, reason: 'window' });
    expect(await take(worker, 'bulk-1', 'bulk')).toMatchObject({ granted: false, reason: 'priority' });
    expect(await shop.snapshot(Date.now())).toMatchObject({ waiting: { interactive: 1, normal: 0, bulk: 1 } });
  });

  it('a 429 pauses every process for its (bounded) Retry-After and gives its slot back', async () => {
    const key = `pause-${++keys}`;
    const a = make({ key, perMinute: 5, windowMs: 60_000 });
    const b = make({ key, perMinute: 5, windowMs: 60_000 });
    const granted = (await take(a, 'x')) as Extract<RateTake, { granted: true }>;
    const before = Date.now();
    await a.settle(granted.ticket, { kind: 'answered', observation: { status: 429, retryAfterMs: 1_000_000_000 } }, Date.now());
    const refused = (await take(b, 'y')) as Extract<RateTake, { granted: false }>;
    expect(refused.reason).toBe('paused');
    const state = await b.snapshot(Date.now());
    const after = Date.now();
    expect(state.remaining).toBe(0);
    expect(state.source).toBe('probing');
    // The pause Redis holds for every process is the bounded one, counted from the 429's settle (which
    // happened between `before` and `after`); a few ms of slack for Redis's and this clock's rounding.
    expect(state.pausedUntil).toBeGreaterThanOrEqual(before + MAX_SERVER_WAIT_MS - 5);
    expect(state.pausedUntil).toBeLessThanOrEqual(after + MAX_SERVER_WAIT_MS + 5);
  });

  it("a process's first 429 holds its next take, even one that reaches Redis before the settle does", async () => {
    const key = `first-429-${++keys}`;
    const a = make({ key, perMinute: 5, windowMs: 60_000 });
    const granted = (await take(a, 'x')) as Extract<RateTake, { granted: true }>;
    // Not awaited: the pipeline releases a permit and the next call may ask at once.
    const settled = a.settle(granted.ticket, { kind: 'answered', observation: { status: 429, retryAfterMs: 30_000 } }, Date.now());
    const next = await take(a, 'y');
    await settled;
    expect(next).toMatchObject({ granted: false, reason: 'paused' });
  });

  it('a Remaining lower than this budget explains (other integrations spend too) is held back', async () => {
    const key = `foreign-${++keys}`;
    const a = make({ key, perMinute: 10, windowMs: 60_000 });
    const first = (await take(a, 'x')) as Extract<RateTake, { granted: true }>;
    // The server counted 8 calls, this budget knows of 1: 7 were spent elsewhere.
    await a.settle(first.ticket, { kind: 'answered', observation: { status: 200, limit: 10, remaining: 2, resetMs: 30_000 } }, Date.now());
    const takes = await Promise.all(Array.from({ length: 5 }, (_, i) => take(a, `w${i}`)));
    expect(takes.filter((t) => t.granted)).toHaveLength(2);
    expect((await a.snapshot(Date.now())).limit).toBe(10);
  });

  it('X-RateLimit-Limit lower than the configured limit lowers the budget', async () => {
    const key = `limit-${++keys}`;
    const a = make({ key, perMinute: 10, windowMs: 60_000 });
    const first = (await take(a, 'x')) as Extract<RateTake, { granted: true }>;
    await a.settle(first.ticket, { kind: 'answered', observation: { status: 200, limit: 3, remaining: 2, resetMs: 30_000 } }, Date.now());
    const takes = await Promise.all(Array.from({ length: 5 }, (_, i) => take(a, `w${i}`)));
    expect(takes.filter((t) => t.granted)).toHaveLength(2);
  });

  it('X-RateLimit-Limit: 0 holds the budget only for the window it describes, also for a process started later', async () => {
    const key = `limit-zero-${++keys}`;
    const a = make({ key, perMinute: 5, windowMs: 60_000 });
    const first = (await take(a, 'x')) as Extract<RateTake, { granted: true }>;
    await a.settle(first.ticket, { kind: 'answered', observation: { status: 200, limit: 0, remaining: 0, resetMs: 60_000 } }, Date.now());
    expect(await take(a, 'y')).toMatchObject({ granted: false });
    // The server's window ends (on Redis's clock); a new process (a restart) is served: the 0 died with its window.
    await withAdmin(redis.url, (admin) => endServerWindow(admin, key));
    const restarted = make({ key, perMinute: 5, windowMs: 60_000 });
    expect((await take(restarted, 'z')).granted).toBe(true);
    expect(await restarted.snapshot(Date.now())).toMatchObject({ limit: 5 });
  });

  it('an absurd X-RateLimit-Limit (far above the budget) never raises it', async () => {
    const key = `limit-huge-${++keys}`;
    const a = make({ key, perMinute: 3, windowMs: 60_000 });
    const first = (await take(a, 'x')) as Extract<RateTake, { granted: true }>;
    await a.settle(first.ticket, { kind: 'answered', observation: { status: 200, limit: Number.MAX_SAFE_INTEGER, remaining: Number.MAX_SAFE_INTEGER - 1, resetMs: 30_000 } }, Date.now());
    const takes = await Promise.all(Array.from({ length: 5 }, (_, i) => take(a, `w${i}`)));
    expect(takes.filter((t) => t.granted)).toHaveLength(2);
    expect((await a.snapshot(Date.now())).limit).toBe(3);
  });

  it('an unsent call gives its slot back', async () => {
    const key = `unsent-${++keys}`;
    const a = make({ key, perMinute: 1, windowMs: 60_000 });
    const first = (await take(a, 'x')) as Extract<RateTake, { granted: true }>;
    await a.settle(first.ticket, { kind: 'unsent' }, Date.now());
    expect((await take(a, 'y')).granted).toBe(true);
  });

  it('after a 429, one call probes; a probe whose process died stops blocking once its lease ends', async () => {
    const key = `probe-${++keys}`;
    const a = make({ key, perMinute: 5, windowMs: 60_000, leaseMs: 45_000 });
    const b = make({ key, perMinute: 5, windowMs: 60_000, leaseMs: 45_000 });
    const first = (await take(a, 'x')) as Extract<RateTake, { granted: true }>;
    await a.settle(first.ticket, { kind: 'answered', observation: { status: 429, retryAfterMs: 0 } }, Date.now());
    const before = await withAdmin(redis.url, redisNow);
    expect((await take(a, 'probe')).granted).toBe(true); // a takes the probe, then "dies" holding it
    const after = await withAdmin(redis.url, redisNow);
    // The probe holds its lease for leaseMs from its grant, on Redis's clock.
    const leaseEnd = await withAdmin(redis.url, (admin) => probeLeaseEnd(admin, key));
    expect(leaseEnd).toBeGreaterThanOrEqual(before + 45_000);
    expect(leaseEnd).toBeLessThanOrEqual(after + 45_000);
    expect(await take(b, 'y')).toMatchObject({ granted: false, reason: 'probe' });
    // The lease ends (on Redis's clock, as its expiry would): the probe no longer blocks.
    await withAdmin(redis.url, (admin) => endProbeLease(admin, key));
    expect((await take(b, 'y')).granted).toBe(true);
  });

  it('Redis unreachable: the take answers from a conservative share, with one warning', async () => {
    const port = await closedPort();
    const warnings: string[] = [];
    const store = createRedisBudgetStore({
      redis: `redis://127.0.0.1:${port}`,
      key: 'down',
      perMinute: 12,
      windowMs: 60_000,
      commandTimeoutMs: 300,
      fallbackShare: 3,
      logger: { warn: (m) => warnings.push(m) },
    });
    stores.push(store);
    const takes = [];
    for (let i = 0; i < 6; i++) {
      const result = await store.tryTake(Date.now(), { priority: 'normal', waiterId: `w${i}` });
      takes.push(result);
      // Answers without rate headers: only the local (fallback) window decides.
      if (result.granted) await store.settle(result.ticket, { kind: 'answered', observation: { status: 200 } }, Date.now());
    }
    // 12 / 3 = 4 calls per window for this process: never the full rate.
    expect(takes.filter((t) => t.granted)).toHaveLength(4);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/unreachable.*falls back to 4 calls per 60000 ms/);
    expect((await store.snapshot(Date.now())).source).toBe('fallback');
  });

  it('Redis hung (SIGSTOP): the take waits exactly the command timeout, no longer, then falls back', async () => {
    const key = `hung-${++keys}`;
    const store = make({ key, perMinute: 10, windowMs: 60_000, commandTimeoutMs: 2_000, fallbackShare: 2 });
    expect((await take(store, 'warm')).granted).toBe(true);
    // Only the timers are fake: the socket to Redis stays real, so the clock the store waits on is the
    // test's, and a stopped Redis cannot answer whatever it is given.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    redis.server.pause();
    try {
      let result: RateTake | undefined;
      const during = take(store, 'during').then((r) => (result = r));
      await turn();
      await vi.advanceTimersByTimeAsync(1_999);
      await turn();
      expect(result).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await turn();
      expect(result).toMatchObject({ granted: true });
      await during;
      expect((await store.snapshot(Date.now())).source).toBe('fallback');
    } finally {
      vi.useRealTimers();
      redis.server.resume();
    }
  });

  it('cleans up', async () => {
    await Promise.all(stores.map((s) => s.close()));
  });
});

/** One turn of the event loop (setImmediate is left real): pending promise callbacks and I/O run. */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

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
