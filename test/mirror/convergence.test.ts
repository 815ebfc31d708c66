/**
 * Convergence under chaos (fixed seed): 1,200 random catalog changes while a backfill runs and then
 * while notices are delivered with 30% dropped, some duplicated, all delayed and reordered, and merged
 * `produto.lote`s; a follow now and then. After one final follow run the mirror equals the catalog field
 * for field (every product, every size), no change was ever applied backwards, and the change log holds
 * each change once (each entry's `before` is the previous entry's `after`, and differs from it).
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { canonicalJson } from '../../src/internal/canonical-json.js';
import { stateKey } from '../../src/mirror/apply/canonical.js';
import { createMirror, type Change } from '../../src/mirror/index.js';
import { ChaosCatalog, Deliveries, seeded } from './chaos-catalog.js';
import { wholeChangeLog } from './fixtures.js';
import { storeKinds } from './stores.js';

const SEED = 20261123;
const CHANGES = 1200;

for (const kind of storeKinds().filter((k) => k.name !== 'postgres')) {
  describe.skipIf(kind.skip !== undefined)(`convergence on the ${kind.name} store`, { timeout: 120_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());

    it(`converges after ${CHANGES} changes with 30% of notices dropped, duplicated, delayed and reordered`, async () => {
      const random = seeded(SEED);
      const catalog = new ChaosCatalog(random, 250);
      const deliveries = new Deliveries(random, { drop: 0.3, duplicate: 0.15 });
      const mirror = createMirror({ client: catalog.source(), store: await kind.fresh() });
      const step = async (changes: number) => {
        for (let i = 0; i < changes; i++) catalog.change();
        if (random() < 0.5) catalog.flushStock();
        deliveries.send(catalog.takeEvents());
        for (const evento of deliveries.take(Math.floor(random() * 12))) await mirror.applyEvent(evento);
      };
      // The scan overlaps with changes and notices: some land on pages not yet listed, some on pages passed.
      await mirror.backfill({ onPage: () => step(40) });
      let done = catalog.changes;
      while (done < CHANGES) {
        await step(10);
        done += 10;
        if (random() < 0.05) await mirror.follow();
      }
      catalog.flushStock();
      deliveries.send(catalog.takeEvents());
      for (const evento of deliveries.take(Number.POSITIVE_INFINITY)) await mirror.applyEvent(evento);
      expect(deliveries.dropped).toBeGreaterThan(100);
      expect(deliveries.duplicated).toBeGreaterThan(20);

      const before = catalog.calls.listar;
      const result = await mirror.follow();
      expect(result.kind).toBe('follow');

      // Field for field, every product and size.
      const store = mirror.store;
      expect((await store.counts()).products).toBe(catalog.produtos.size);
      for (const [sku, expected] of catalog.produtos) {
        const row = await store.produto(sku);
        expect(canonicalJson(row?.produto), sku).toBe(canonicalJson(expected));
        for (const n of expected.numeracoes as Array<{ skuVariacao: string; estoque: number }>) {
          expect((await store.variacao(n.skuVariacao))?.estoque).toBe(n.estoque);
        }
      }
      // Never backwards, each change once.
      const log = await wholeChangeLog(store);
      const last = new Map<string, Change>();
      for (const change of log) {
        const previous = last.get(change.sku);
        if (previous) {
          expect(canonicalJson(change.before)).toBe(canonicalJson(previous.after));
          expect(Date.parse(change.after!.atualizadoEm)).toBeGreaterThanOrEqual(Date.parse(previous.after!.atualizadoEm));
        } else {
          expect(change.kind).toBe('criado');
        }
        expect(stateKey(change.after!) === stateKey(change.before ?? { sku: '', atualizadoEm: '', ativo: false }) && change.before?.atualizadoEm === change.after!.atualizadoEm).toBe(false);
        last.set(change.sku, change);
      }
      expect(log.length).toBeGreaterThan(CHANGES / 2);
      expect(catalog.calls.listar - before).toBeGreaterThanOrEqual(1);
    });
  });
}
