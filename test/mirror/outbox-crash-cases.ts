/**
 * The outbox crash tests, declared by outbox-crash.test.ts and outbox-crash.slow.test.ts. The outbox
 * across crashes, with real processes: a child creating N orders through the outbox kills
 * itself at named points (kill-points.ts: before a row is saved, between saving and sending, and right
 * after the server answered but before the answer was recorded); each restart replays what was left pending with
 * the same keys. In the end the fake holds exactly N orders — none doubled, none lost — and every
 * outbox row has its server answer. On the embedded store (PGlite folder) and on Postgres. Then two
 * processes replay one Postgres outbox at the same time: every row is sent by exactly one of them
 * (rows are claimed with FOR UPDATE SKIP LOCKED).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MirrorStore, OutboxRow } from '../../src/mirror/index.js';
import { createFakeApi, type FakeApi, type FakeServer } from '../../src/testing/index.js';
import { startChild, type RunningChild } from './child-runner.js';
import { crashTargets } from './crash-targets.js';
import { pedidoBodies, pedidosDoFake, postsByKey } from './outbox-fixtures.js';

const child = fileURLToPath(new URL('./outbox-process.ts', import.meta.url));
const N = 24;

/** Every kind of point, each where one run dies; the next run replays what it left and goes on. */
export const ALL_POINTS = ['saving pedido-2', 'sending pedido-5', 'answered pedido-5', 'answered pedido-11', 'sending pedido-17', 'answered pedido-23'] as const;

async function outboxRows(store: MirrorStore, keys: readonly string[]): Promise<OutboxRow[]> {
  return store.transaction(async (tx) => {
    const rows: OutboxRow[] = [];
    for (const key of keys) rows.push((await tx.outboxRow(key))!);
    return rows;
  });
}

/**
 * Declares the outbox crash tests, `points` per kind of store (none: that store's crash test is not
 * declared); `replayers` adds the two-replayers test on Postgres. outbox-crash.test.ts (`npm test`)
 * and outbox-crash.slow.test.ts (`npm run test:slow`) split them.
 */
export function outboxCrashTests(points: Record<'pglite' | 'postgres' | 'sqlite', readonly string[]>, replayers: boolean): void {
  for (const target of crashTargets('outbox').filter((t) => points[t.kind].length > 0 || (t.kind === 'postgres' && replayers))) {
    describe.skipIf(target.skip !== undefined)(`outbox crash safety, ${target.name}`, { timeout: 300_000 }, () => {
      let api: FakeServer;
      let fake: FakeApi;
      beforeAll(async () => {
        await target.setup();
      }, 60_000);
      afterAll(async () => {
        await target.teardown();
      });

      if (points[target.kind].length > 0)
        it(`creating ${N} orders killed at ${points[target.kind].join(', ')}: after restart and replay, exactly ${N} orders, each row with its answer`, async () => {
          fake = createFakeApi({ catalogSize: 80, rateLimit: false, maxRecordedRequests: 100_000 });
          api = await fake.listen();
          try {
            const location = await target.fresh();
            const file = join(target.folder('outbox-bodies'), 'bodies.json');
            const bodies = pedidoBodies(fake, N);
            writeFileSync(file, JSON.stringify(bodies));
            for (const point of points[target.kind]) {
              const r = await startChild(child, ['create', location, api.url, file], { env: { KILL_AT: point } }).done;
              expect(r.killed, point).toBe(true);
              expect(r.lines.at(-1)).toBe(point);
            }
            const last = await startChild(child, ['create', location, api.url, file]).done;
            expect(last.killed).toBe(false);
            expect(last.lines.at(-1)).toBe('done');
            // A call whose answer was lost was sent again, once, under its own key; every other call once.
            const posts = postsByKey(fake, '/v1/pedidos');
            const twice = points[target.kind].filter((p) => p.startsWith('answered ')).map((p) => p.slice('answered '.length));
            expect(Object.fromEntries(posts)).toEqual(Object.fromEntries(bodies.map((_, i) => [`pedido-${i}`, twice.includes(`pedido-${i}`) ? 2 : 1])));

            const pedidos = await pedidosDoFake(fake);
            expect(pedidos).toHaveLength(N);
            const store = target.open(location);
            await store.open();
            try {
              const keys = bodies.map((_, i) => `pedido-${i}`);
              const rows = await outboxRows(store, keys);
              expect(rows.every((r) => r.status === 'done')).toBe(true);
              // Each row's answer is a distinct order of the fake, and the order it names holds that row's items.
              const byId = new Map(pedidos.map((p) => [p.id as string, p]));
              expect(new Set(rows.map((r) => (r.response as { id: string }).id)).size).toBe(N);
              rows.forEach((row, i) => {
                const pedido = byId.get((row.response as { id: string }).id);
                expect(pedido, row.key).toBeDefined();
                expect((pedido!.itens as Array<{ sku: string; numeracao: string }>).map((it) => [it.sku, it.numeracao])).toEqual(bodies[i]!.itens.map((it) => [it.sku, it.numeracao]));
              });
              expect((await store.counts()).outboxPending).toBe(0);
            } finally {
              await store.close();
            }
          } finally {
            await api.close();
          }
        });

      // Several processes on one outbox is Postgres's case (an embedded folder belongs to one process).
      if (target.kind === 'postgres' && replayers)
        it('two processes replaying one outbox at once never send the same row twice', { timeout: 60_000 }, async () => {
          fake = createFakeApi({ catalogSize: 80, rateLimit: false, maxRecordedRequests: 100_000 });
          api = await fake.listen();
          try {
            const location = await target.fresh();
            const bodies = pedidoBodies(fake, 40);
            const store = target.open(location);
            await store.open();
            try {
              // 40 rows saved and never sent (a crashed process), replayed by two processes at once.
              for (let i = 0; i < bodies.length; i++) await store.transaction((tx) => tx.outboxInsert({ key: `fila-${i}`, operation: 'pedidos.criar', body: bodies[i] }));
              // Each call takes a while, so both replayers are mid-call at the same time.
              fake.inject(
                'POST /v1/pedidos',
                bodies.map(() => ({ delayMs: 25 })),
              );
              let ready = 0;
              const runs: RunningChild[] = [];
              const bothReady = new Promise<void>((resolve) => {
                // Each replayer prints `ready`, then waits for a line on stdin so both start together.
                const onLine = (line: string) => line === 'ready' && ++ready === 2 && resolve();
                runs.push(startChild(child, ['replay', location, api.url], { onLine }), startChild(child, ['replay', location, api.url], { onLine }));
              });
              await bothReady;
              for (const r of runs) r.send('go');
              const results = await Promise.all(runs.map((r) => r.done));
              const sent = results.map((r) => (JSON.parse(r.lines.at(-1)!) as { sent: string[] }).sent);
              // Both did part of the work, and no key was sent by both or twice.
              expect(sent[0]!.length).toBeGreaterThan(0);
              expect(sent[1]!.length).toBeGreaterThan(0);
              expect(sent[0]!.length + sent[1]!.length).toBe(40);
              expect(new Set([...sent[0]!, ...sent[1]!]).size).toBe(40);
              const posts = postsByKey(fake, '/v1/pedidos');
              expect(posts.size).toBe(40);
              expect([...posts.values()].every((n) => n === 1)).toBe(true);
              expect(await pedidosDoFake(fake)).toHaveLength(40);
              const rows = await outboxRows(
                store,
                bodies.map((_, i) => `fila-${i}`),
              );
              expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
            } finally {
              await store.close();
            }
          } finally {
            await api.close();
          }
        });
    });
  }
}
