/**
 * The outbox on its own: it shares only the store with the mirror, so it needs no
 * mirror, no catalog and no client with `produtos`; and closing a mirror on the same store leaves it working.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, PartnerCommerce } from '../../src/index.js';
import { createMemoryStore, createMirror, createOutbox, createPgliteStore } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { OUTBOX_TOKEN, pedidoBodies, pedidosDoFake } from './outbox-fixtures.js';
import { pgliteFolder } from './pglite-template.js';
import { sqliteUnavailable } from './sqlite-available.js';

function onFake() {
  const fake = createFakeApi({ catalogSize: 10, rateLimit: false });
  const client = new PartnerCommerce({ token: OUTBOX_TOKEN, baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, maxRetries: 0, logLevel: 'off' });
  return { fake, client };
}

describe('createOutbox', () => {
  it('places an order with a client that has no produtos', async () => {
    const { fake, client } = onFake();
    // Only what the outbox sends: a mirror refuses this client.
    const ordersOnly = { pedidos: client.pedidos, etiquetas: client.etiquetas };
    expect(() => createMirror({ client: ordersOnly as never, store: createMemoryStore() })).toThrow(InvalidInputError);
    const outbox = createOutbox({ client: ordersOnly, store: createMemoryStore() });
    const [body] = pedidoBodies(fake, 1);
    const pedido = await outbox.criarPedido(body!, { idempotencyKey: 'sem-catalogo-1' });
    expect((await pedidosDoFake(fake)).map((p) => p.id)).toEqual([pedido.id]);
    expect(await outbox.get('sem-catalogo-1')).toMatchObject({ status: 'done', operation: 'pedidos.criar' });
  });

  // Without store, the outbox and the mirror share the default folder: one engine, one database.
  it.skipIf(sqliteUnavailable())("keeps its rows in the mirror's default store, SQLite in ./.partner-commerce/mirror on Node 22.13+", async () => {
    const cwd = process.cwd();
    const dir = mkdtempSync(join(tmpdir(), 'outbox-default-'));
    process.chdir(dir);
    try {
      const { fake, client } = onFake();
      const outbox = createOutbox({ client });
      const [body] = pedidoBodies(fake, 1);
      await outbox.criarPedido(body!, { idempotencyKey: 'padrao-1' });
      await outbox.close();
      expect(existsSync(join('.partner-commerce', 'mirror', 'mirror.sqlite'))).toBe(true);
      const mirror = createMirror({ client });
      try {
        expect(mirror.store.kind).toBe('sqlite');
        expect((await mirror.status()).counts.outboxPending).toBe(0);
        expect(await createOutbox({ client, store: mirror.store }).get('padrao-1')).toMatchObject({ status: 'done' });
      } finally {
        await mirror.close();
      }
    } finally {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every bad option in one InvalidInputError', () => {
    const err = (() => {
      try {
        createOutbox({ client: {}, store: 'db' as never });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues.map((i) => i.path)).toEqual(['client', 'store']);
  });
});

describe('an outbox sharing the PGlite folder store of a mirror', { timeout: 60_000 }, () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'pc-outbox-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps working after the mirror closed the store, and reads the rows written before', async () => {
    const { fake, client } = onFake();
    // The store owns the database: closing it shuts PGlite and releases the folder's lock.
    const store = createPgliteStore({ dataDir: pgliteFolder(join(dir, 'db')) });
    const mirror = createMirror({ client, store });
    const outbox = createOutbox({ client, store });
    const [first, second] = pedidoBodies(fake, 2);
    await mirror.status();
    await outbox.criarPedido(first!, { idempotencyKey: 'antes-de-fechar' });
    await mirror.close();
    const pedido = await outbox.criarPedido(second!, { idempotencyKey: 'depois-de-fechar' });
    expect((await pedidosDoFake(fake)).map((p) => p.id)).toContain(pedido.id);
    expect(await outbox.get('antes-de-fechar')).toMatchObject({ status: 'done' });
    await outbox.close();
  });
});
