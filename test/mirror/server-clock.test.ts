/**
 * The follow high-water mark comes only from the server's clock — its `Date` header, or without one the
 * records' `atualizadoEm` — never from this machine's. The local clock is set years away (only `Date`
 * is faked; timers run) so any use of it would show in the mark.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';

const LOCAL = Date.parse('2031-06-01T00:00:00Z');

function setup(options: { date: boolean }) {
  let clock = Date.parse('2026-11-20T10:00:00.000-03:00');
  const fake = createFakeApi({ catalogSize: 120, rateLimit: false, now: () => new Date(clock) });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await fake.fetch(input, init);
    if (options.date) return response;
    const headers = new Headers(response.headers);
    headers.delete('date');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
  const mirror = createMirror({ client: testClient(fetch), store: createMemoryStore() });
  const latest = () => Math.max(...fake.catalog.products().map((p) => Date.parse(p.atualizadoEm)));
  return { fake, mirror, latest, now: () => clock, advance: (ms: number) => void (clock += ms) };
}

const mark = async (mirror: ReturnType<typeof setup>['mirror']) => Date.parse((await mirror.status()).watermark!);

describe('the follow high-water mark', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(LOCAL);
  });
  afterEach(() => void vi.useRealTimers());

  it("is the server's Date header: at the scan's start after a backfill, at the run's start after a follow", async () => {
    const { fake, mirror, now, advance } = setup({ date: true });
    const start = now();
    await mirror.backfill();
    expect(await mark(mirror)).toBe(Math.floor(start / 1000) * 1000);
    advance(30_000);
    await fake.catalog.changeTitle('SKU-0003', 'Outro');
    advance(30_000);
    const follow = await mirror.follow();
    expect(follow).toMatchObject({ kind: 'follow', applied: 1 });
    expect(await mark(mirror)).toBe(Math.floor(now() / 1000) * 1000);
    expect(Date.parse((follow as { since: string }).since)).toBe(Math.floor(start / 1000) * 1000 - 120_000);
  });

  it("without a Date header, is the newest atualizadoEm listed (minus the run's duration), and never moves toward any clock when nothing changed", async () => {
    const { fake, mirror, latest, advance } = setup({ date: false });
    await mirror.backfill();
    const afterBackfill = await mark(mirror);
    expect(afterBackfill).toBeLessThanOrEqual(latest());
    expect(latest() - afterBackfill).toBeLessThan(60_000);

    advance(300_000);
    await fake.catalog.changeTitle('SKU-0003', 'Outro');
    expect(await mirror.follow()).toMatchObject({ kind: 'follow', applied: 1 });
    const afterChange = await mark(mirror);
    expect(afterChange).toBeGreaterThan(afterBackfill);
    expect(afterChange).toBeLessThanOrEqual(latest());
    expect(latest() - afterChange).toBeLessThan(60_000);

    // Nothing changed since: an hour later the follow lists only the overlap again, and the mark does not
    // move toward any clock — it stays bounded by the newest atualizadoEm (the run's own duration aside).
    advance(3_600_000);
    expect(await mirror.follow()).toMatchObject({ kind: 'follow', applied: 0, calls: 1 });
    const quiet = await mark(mirror);
    expect(quiet).toBeGreaterThanOrEqual(afterChange);
    expect(quiet).toBeLessThanOrEqual(latest());
    expect(Date.now()).toBe(LOCAL);
  });
});
