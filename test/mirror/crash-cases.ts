/**
 * The crash tests, declared by crash.test.ts and crash.slow.test.ts. Crash safety with real processes: a child process SIGKILLs itself at named points (kill-points.ts) of a
 * backfill and of applying a 500-item `produto.lote`; each restart resumes, and in the end the store equals the source,
 * every product logged exactly once per state, no page fetched from zero again or skipped. On the
 * embedded store (PGlite in a folder) and, when PostgreSQL is installed, on Postgres.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/internal/canonical-json.js';
import { createFakeApi, type FakeServer } from '../../src/testing/index.js';
import { runChild } from './child-runner.js';
import { crashTargets } from './crash-targets.js';
import { produto } from './fixtures.js';

const child = fileURLToPath(new URL('./crash-process.ts', import.meta.url));

/** The two proofs of this file; a run names which it makes on which store. */
export type CrashCase = 'backfill' | 'lote';

/**
 * Declares the crash tests: `cases` names, per kind of store, which proofs run. crash.test.ts (in
 * `npm test`) and crash.slow.test.ts (in `npm run test:slow`) split them, so each proof runs once per
 * store across both commands and `npm test` still proves each property once.
 */
export function crashTests(cases: Record<'pglite' | 'postgres' | 'sqlite', readonly CrashCase[]>): void {
  for (const target of crashTargets('crash').filter((t) => cases[t.kind].length > 0)) {
    const runs = (name: CrashCase) => cases[target.kind].includes(name);
    describe.skipIf(target.skip !== undefined)(`crash safety, ${target.name}`, { timeout: 300_000 }, () => {
      let api: FakeServer;
      const fake = createFakeApi({ catalogSize: 1500, rateLimit: false });
      beforeAll(async () => {
        await target.setup();
        api = await fake.listen();
      }, 60_000);
      afterAll(async () => {
        await api?.close();
        await target.teardown();
      });

      if (runs('backfill'))
        it('a backfill killed at named points resumes: every page once (plus the one killed before its commit, and at most one fetched ahead per kill), every product once', async () => {
          const location = await target.fresh();
          const listCalls = () => fake.requests.filter((r) => r.path.startsWith('/v1/produtos?')).length;
          const start = listCalls();
          // Each run's points count from its own start (a resumed run's transaction 1 is its first page): run 1
          // dies after page 3 committed; run 2 with page 5 written but not committed (the kill rolls it back);
          // run 3 right after page 7 committed, before the scan went on. (Points on the list's answers are not
          // used: the next page is fetched ahead, so its answer may come before or after the page before commits.)
          const runs: Array<[string, string]> = [
            ['page 3', 'page 1'],
            ['tx 2 body-done', 'page 4'],
            ['tx 3 committed', 'page 5'],
          ];
          for (const [point, firstPage] of runs) {
            const { killed, lines } = await runChild(child, ['backfill', location, api.url], { KILL_AT: point });
            expect(killed).toBe(true);
            expect(lines.at(-1)).toBe(point);
            // It resumed at the page after the last one committed, not from zero.
            expect(lines.find((l) => l.startsWith('page '))).toBe(firstPage);
          }
          const last = await runChild(child, ['backfill', location, api.url]);
          expect(last.lines.find((l) => l.startsWith('page '))).toBe('page 8');
          expect(last.lines.at(-1)).toBe('done');
          // 15 pages, page 5 fetched again (its run died before committing it), and at most one page fetched
          // ahead per kill.
          const calls = listCalls() - start;
          expect(calls).toBeGreaterThanOrEqual(16);
          expect(calls).toBeLessThanOrEqual(16 + runs.length);
          const store = target.open(location);
          await store.open();
          try {
            const log = await store.changes(0, 10_000);
            expect(log).toHaveLength(1500);
            expect(new Set(log.map((c) => c.sku)).size).toBe(1500);
            expect(await store.state('backfill')).toMatchObject({ fase: 'concluido', paginas: 15, geracao: 1 });
            for (const sku of ['SKU-0001', 'SKU-0750', 'SKU-1500']) {
              const body = (await (await fetch(`${api.url}/v1/produtos/${sku}`, { headers: { authorization: 'Bearer svc_sbx_crash' } })).json()) as object;
              expect(canonicalJson((await store.produto(sku))!.produto)).toBe(canonicalJson(body));
            }
          } finally {
            await store.close();
          }
        });

      if (runs('lote'))
        it('applying a 500-item lote killed at named points, then redelivered, applies each item once', async () => {
          const location = await target.fresh();
          const file = join(target.folder('lote'), 'lote.json');
          const itens = Array.from({ length: 500 }, (_, i) => ({ evento: 'produto.criado', produto: produto(`L-${String(i).padStart(3, '0')}`, i % 60) }));
          writeFileSync(
            file,
            JSON.stringify({
              id: 'evt_lote_crash',
              evento: 'produto.lote',
              criadoEm: '2026-11-01T12:00:00-03:00',
              ambiente: 'sandbox',
              integracao: { id: 'i', nome: 'n' },
              dados: { total: 500, itens },
            }),
          );
          // The lote is applied in 5 transactions of 100 items. Killed before any, mid-chunk 3 (chunks 1-2
          // kept, 3 rolled back), then in a redelivery right after chunk 2 committed again.
          for (const point of ['applying', 'tx 3 body-done', 'tx 2 committed']) {
            const r = await runChild(child, ['lote', location, file], { KILL_AT: point });
            expect(r.killed).toBe(true);
            expect(r.lines.at(-1)).toBe(point);
            expect(r.lines).toContain('applying');
          }
          const last = await runChild(child, ['lote', location, file]);
          expect(last.lines.at(-1)).toBe('done');
          const store = target.open(location);
          await store.open();
          try {
            const log = await store.changes(0, 10_000);
            expect(log).toHaveLength(500);
            expect(new Set(log.map((c) => c.sku)).size).toBe(500);
            for (const item of itens) expect(canonicalJson((await store.produto(item.produto.sku))!.produto)).toBe(canonicalJson(item.produto));
          } finally {
            await store.close();
          }
        });
    });
  }
}
