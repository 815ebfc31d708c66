/**
 * Crash safety with real processes: a child process is SIGKILLed at random points of a backfill and of
 * applying a 500-item `produto.lote`; each restart resumes, and in the end the store equals the source,
 * every product logged exactly once per state, no page fetched from zero again or skipped. On the
 * embedded store (PGlite in a folder) and, when PostgreSQL is installed, on Postgres.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/mirror/apply/canonical.js';
import { createFakeApi, type FakeServer } from '../../src/testing/index.js';
import { seeded } from './chaos-catalog.js';
import { runChild } from './child-runner.js';
import { crashTargets } from './crash-targets.js';
import { produto } from './fixtures.js';

const child = fileURLToPath(new URL('./crash-process.ts', import.meta.url));
const random = seeded(1123);
/** About how long applying the 500-item lote takes on each store (kill points fall within it). */
const loteMs = { pglite: 400, postgres: 120 };
const targets = crashTargets('crash');

for (const target of targets) {
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

    it('a backfill killed at random points resumes: every page once (plus at most two in flight per kill), every product once', async () => {
      const location = await target.fresh();
      const listCalls = () => fake.requests.filter((r) => r.path.startsWith('/v1/produtos?')).length;
      const start = listCalls();
      let kills = 0;
      for (const page of [3, 7, 11]) {
        const { killed } = await runChild(child, ['backfill', location, api.url, '60'], (line) => (line === `page ${page}` ? Math.floor(random() * 120) : undefined));
        expect(killed).toBe(true);
        kills++;
      }
      const last = await runChild(child, ['backfill', location, api.url]);
      expect(last.lines.at(-1)).toBe('done');
      const calls = listCalls() - start;
      // Never from zero: each kill costs at most the page being stored and the one fetched ahead.
      expect(calls).toBeGreaterThanOrEqual(15);
      expect(calls).toBeLessThanOrEqual(15 + 2 * kills);
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

    it('applying a 500-item lote killed at random points, then redelivered, applies each item once', async () => {
      const location = await target.fresh();
      const file = join(target.folder('lote'), 'lote.json');
      const itens = Array.from({ length: 500 }, (_, i) => ({ evento: 'produto.criado', produto: produto(`L-${String(i).padStart(3, '0')}`, i % 60) }));
      writeFileSync(file, JSON.stringify({ id: 'evt_lote_crash', evento: 'produto.lote', criadoEm: '2026-11-01T12:00:00-03:00', ambiente: 'sandbox', integracao: { id: 'i', nome: 'n' }, dados: { total: 500, itens } }));
      // Kill points spread over the time a lote takes on this store; runs until two kills landed mid-lote.
      let killed = 0;
      for (let i = 0; i < 8 && killed < 2; i++) {
        const r = await runChild(child, ['lote', location, file], (line) => (line === 'applying' ? Math.floor(random() * loteMs[target.kind]) : undefined));
        if (r.killed) killed++;
      }
      const last = await runChild(child, ['lote', location, file]);
      expect(last.lines.at(-1)).toBe('done');
      expect(killed).toBeGreaterThanOrEqual(1);
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
