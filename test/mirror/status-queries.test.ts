/**
 * What a partner reads without SQL — status (last runs, lag, counts, checkpoint), product by sku, stock
 * by skuVariacao, products changed since a position, counts — and the versioned migrations applied on
 * open (once, also when several stores open one database at the same time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, createPostgresStore, createPgliteStore } from '../../src/mirror/index.js';
import { SCHEMA as MIGRATIONS } from '../../src/mirror/store/sql/schema.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';
import { storeKinds } from './stores.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from './postgres-server.js';
import { freshPglite } from './pglite-template.js';
import pg from 'pg';

for (const kind of storeKinds()) {
  describe.skipIf(kind.skip !== undefined)(`status and queries on the ${kind.name} store`, { timeout: 60_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());

    it('status before anything, after a backfill, and after a follow; queries by sku, skuVariacao and position', async () => {
      let clock = Date.parse('2026-11-20T10:00:00-03:00');
      const fake = createFakeApi({ catalogSize: 120, rateLimit: false, stockWebhookDelayMs: 0, now: () => new Date(clock) });
      const mirror = createMirror({ client: testClient(fake.fetch), store: await kind.fresh() });
      const empty = await mirror.status();
      expect(empty).toMatchObject({ store: kind.name, backfill: null, lastFollow: null, watermark: null, lagMs: null, lastPosition: 0 });
      expect(empty.counts).toEqual({ products: 0, active: 0, inactive: 0, missing: 0, variants: 0, changes: 0, outboxPending: 0 });

      await mirror.backfill();
      const afterBackfill = await mirror.status();
      expect(afterBackfill.backfill).toMatchObject({ generation: 1, phase: 'concluido', pages: 2, products: 120, cursor: null });
      // The high-water mark is the server's clock (its Date header), not this machine's.
      expect(afterBackfill.watermark).toBe(new Date(Math.floor(clock / 1000) * 1000).toISOString());
      expect(afterBackfill.lagMs).toBeGreaterThanOrEqual(0);
      expect(afterBackfill.lastPosition).toBe(120);
      const catalog = fake.catalog.products();
      expect(afterBackfill.counts).toMatchObject({
        products: 120,
        active: catalog.filter((p) => p.ativo).length,
        inactive: catalog.filter((p) => !p.ativo).length,
        variants: catalog.reduce((n, p) => n + p.numeracoes.length, 0),
        changes: 120,
      });

      clock += 5_000;
      const sku = catalog.find((p) => p.ativo)!.sku;
      await fake.catalog.changeTitle(sku, 'Título novo');
      const size = catalog.find((p) => p.sku === 'SKU-0007')!.numeracoes[0]!;
      await fake.catalog.setStock('SKU-0007', size.numeracao, size.estoque + 3);
      clock += 5_000;
      const follow = await mirror.follow();
      expect(follow).toMatchObject({ kind: 'follow', applied: 2, calls: 1 });
      const status = await mirror.status();
      expect(status.lastFollow).toMatchObject({ calls: 1, received: 2, applied: 2, mark: new Date(Math.floor(clock / 1000) * 1000).toISOString() });
      expect(status.watermark).toBe(status.lastFollow!.mark);
      expect(status.lastPosition).toBe(122);

      expect((await mirror.product(sku))!.product.titulo).toBe('Título novo');
      expect(await mirror.product('NAO-EXISTE')).toBeUndefined();
      expect(await mirror.stock(size.skuVariacao)).toEqual({ sku: 'SKU-0007', numeracao: size.numeracao, estoque: size.estoque + 3 });
      expect(await mirror.stock('NAO-EXISTE-38')).toBeUndefined();
      const changed = await mirror.changedSince(120);
      expect(changed.map((p) => p.product.sku).sort()).toEqual([sku, 'SKU-0007'].sort());
      expect(changed.map((p) => p.position).sort()).toEqual([121, 122]);
      expect(await mirror.changedSince(122)).toEqual([]);
      expect((await mirror.changedSince(0, 10)).length).toBe(10);
      expect(await mirror.counts()).toMatchObject({ products: 120, changes: 122 });
      await mirror.close();
    });
  });
}

const pgSkip = postgresUnavailable();

describe('migrations', { timeout: 120_000 }, () => {
  const tables = ['pc_mirror_produtos', 'pc_mirror_estoque', 'pc_mirror_changes', 'pc_mirror_state', 'pc_mirror_consumers', 'pc_mirror_refresh', 'pc_mirror_outbox', 'pc_mirror_dead_letters'];

  it('are applied on open, once, on the embedded store; reopening the database applies nothing again', async () => {
    const db = await freshPglite();
    try {
      await createPgliteStore({ db }).open();
      await createPgliteStore({ db }).open();
      const applied = (await db.query<{ version: number; name: string }>('SELECT version, name FROM pc_mirror_migrations ORDER BY version')).rows;
      expect(applied).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
      const present = (await db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE tablename LIKE 'pc_mirror_%'`)).rows.map((r) => r.tablename);
      for (const t of tables) expect(present).toContain(t);
      expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    } finally {
      await db.close();
    }
  });

  describe.skipIf(pgSkip !== undefined)('on Postgres', () => {
    let server: PostgresServer;
    beforeAll(async () => {
      server = await startPostgres();
    }, 60_000);
    afterAll(() => server?.stop());

    it('four stores opening one new database at once apply each migration once', async () => {
      const stores = Array.from({ length: 4 }, () => createPostgresStore({ connectionString: server.url, max: 2 }));
      try {
        await Promise.all(stores.map((s) => s.open()));
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        const applied = (await client.query<{ version: number }>('SELECT version FROM pc_mirror_migrations ORDER BY version')).rows.map((r) => r.version);
        await client.end();
        expect(applied).toEqual(MIGRATIONS.map((m) => m.version));
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    });
  });
});
