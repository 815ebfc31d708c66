/**
 * The mirror's options are checked before anything runs (a negative `marginMs` would skip changes
 * silently; a bad `intervalMs` would spin or never fire), and its lifecycle ends cleanly: the stop
 * function of start() and close() wait for the follow in progress; close() and Symbol.asyncDispose
 * are idempotent.
 */
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/index.js';
import { createMemoryStore, createMirror, type MirrorStore } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';

/** The issues of the InvalidInputError `fn` throws (fails when it throws nothing or something else). */
function issuesOf(fn: () => unknown): readonly { path: string; message: string }[] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidInputError);
    return (err as InvalidInputError).issues;
  }
  throw new Error('expected an InvalidInputError, nothing was thrown');
}

/** A mirror whose next API call, once `hold()` is called, waits at the named point "inside" until released. */
function heldMirror(store: MirrorStore = createMemoryStore()) {
  const fake = createFakeApi({ catalogSize: 5, rateLimit: false });
  let calls = 0;
  let holding: { entered: () => void; gate: Promise<void> } | undefined;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls++;
    const held = holding;
    holding = undefined;
    if (held) {
      held.entered();
      await held.gate;
    }
    return fake.fetch(input, init);
  };
  const mirror = createMirror({ client: testClient(fetch), store });
  let ended = 0;
  const follow = mirror.follow.bind(mirror);
  mirror.follow = async (options) => {
    try {
      return await follow(options);
    } finally {
      ended++;
    }
  };
  const hold = () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((entered) => (holding = { entered, gate }));
    return { inside, release };
  };
  return { mirror: mirror, hold, calls: () => calls, ended: () => ended };
}

describe('mirror options', () => {
  const client = testClient(createFakeApi({ catalogSize: 1, rateLimit: false }).fetch);

  it('refuses a marginMs below 0, not finite or not a number, naming the field', () => {
    for (const marginMs of [-1, -120_000, Number.NaN, Number.POSITIVE_INFINITY, '120000' as unknown as number]) {
      expect(issuesOf(() => createMirror({ client, marginMs })).map((i) => i.path)).toEqual(['marginMs']);
    }
    expect(createMirror({ client, marginMs: 0 })).toBeDefined();
  });

  it('start() refuses a bad intervalMs, onError or a misspelt option before any run', () => {
    const { mirror, calls } = heldMirror();
    for (const intervalMs of [-1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '60000' as unknown as number]) {
      expect(issuesOf(() => mirror.start({ intervalMs })).map((i) => i.path)).toEqual(['intervalMs']);
    }
    expect(issuesOf(() => mirror.start({ onError: 'log' as unknown as () => void })).map((i) => i.path)).toEqual(['onError']);
    expect(issuesOf(() => mirror.start({ interval: 1000 } as never)).map((i) => i.path)).toEqual(['interval']);
    expect(calls()).toBe(0);
  });
});

describe('mirror lifecycle', () => {
  it('the stop function of start() settles only once the follow in progress has ended', async () => {
    const { mirror, hold, ended } = heldMirror();
    await mirror.backfill();
    const { inside, release } = hold();
    const stop = mirror.start({ intervalMs: 60_000, onError: () => undefined });
    await inside;
    const stopped = stop();
    release();
    await stopped;
    expect(ended()).toBe(1);
    await mirror.close();
  });

  it('close() stops the start() loops, waiting for their run; close() twice and Symbol.asyncDispose are harmless', async () => {
    const inner = createMemoryStore();
    let closes = 0;
    const store: MirrorStore = { ...inner, close: async () => void closes++ };
    const { mirror, hold, ended } = heldMirror(store);
    await mirror.backfill();
    const { inside, release } = hold();
    mirror.start({ intervalMs: 60_000, onError: () => undefined });
    await inside;
    const closing = mirror.close();
    release();
    await closing;
    expect(ended()).toBe(1);
    await mirror.close();
    await mirror[Symbol.asyncDispose]();
    expect(closes).toBe(3);
    // The store's own disposal is its close(), idempotent too.
    await inner.close();
    await inner[Symbol.asyncDispose]();
  });

  it('a failed open (its first transaction refused, as by a database restarting) is tried again by the next call', async () => {
    const inner = createMemoryStore();
    let down = true;
    const store: MirrorStore = { ...inner, transaction: (fn) => (down ? Promise.reject(new Error('database restarting')) : inner.transaction(fn)) };
    const mirror = createMirror({ client: testClient(createFakeApi({ catalogSize: 1, rateLimit: false }).fetch), store });
    await expect(mirror.status()).rejects.toThrow('database restarting');
    down = false;
    expect((await mirror.status()).counts.products).toBe(0);
  });
});
