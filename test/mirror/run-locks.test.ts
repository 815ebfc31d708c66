/**
 * Run locks: a follow that finds no finished backfill takes the backfill's run lock too, so it never
 * scans alongside a backfill another caller (another process, on a shared store) is running: it waits,
 * then follows from that backfill's mark.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';

describe('run locks', () => {
  it('a follow started during another caller’s first backfill waits for it, then follows: no second scan', async () => {
    const fake = createFakeApi({ catalogSize: 250, rateLimit: false });
    const store = createMemoryStore();
    const listCalls = () => fake.requests.filter((r) => r.path.startsWith('/v1/produtos?')).length;
    let release!: () => void;
    let paused!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const atPage1 = new Promise<void>((r) => (paused = r));
    const a = createMirror({ client: testClient(fake.fetch), store });
    const b = createMirror({ client: testClient(fake.fetch), store });
    const backfill = a.backfill({
      onPage: async (estado) => {
        if (estado.pages !== 1) return;
        paused();
        await gate;
      },
    });
    await atPage1;
    const follow = b.follow();
    // Let the follow reach its locks while the backfill is held at page 1.
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    release();
    expect(await backfill).toMatchObject({ generation: 1, pages: 3, applied: 250 });
    expect(await follow).toMatchObject({ kind: 'follow', calls: 1, applied: 0 });
    // Three pages of one scan, one follow call: nothing listed twice.
    expect(listCalls()).toBe(4);
    expect((await store.counts()).changes).toBe(250);
  });
});
