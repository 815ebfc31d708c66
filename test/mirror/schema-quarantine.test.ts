/**
 * One product that does not fit the client's own schema never stops the others: a list item with
 * `precoAtacado: 'abc'`, a fractional stock or an unreadable `atualizadoEm` must not make
 * `produtos.listar` throw for the whole page (every backfill and follow would stop at that page for
 * good), nor a product fetched by sku; and such a product as a notice must not be stored, where it
 * would break every read of the mirror that met it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnexpectedResponseError } from '../../src/index.js';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';
import { storeKinds } from './stores.js';
import { tampering } from './tamper.js';

type Item = Record<string, unknown> & { sku: string };
type Sizes = Array<{ numeracao: string; skuVariacao: string; estoque: number }>;

/** Products the schema refuses, by sku, and the field each should be set aside for. */
const MISFITS: Record<string, { field: string; edit: (p: Item) => Item }> = {
  'SKU-0010': { field: 'precoAtacado', edit: (p) => ({ ...p, precoAtacado: 'abc' }) },
  // A required field of a size: nothing parses around it, the whole page comes back as sent.
  'SKU-0020': { field: 'numeracoes[0].estoque', edit: (p) => ({ ...p, numeracoes: (p.numeracoes as Sizes).map((n, i) => (i === 0 ? { ...n, estoque: 1.5 } : n)) }) },
  'SKU-0030': { field: 'atualizadoEm', edit: (p) => ({ ...p, atualizadoEm: 'ontem' }) },
  // Readable by Date.parse, refused by the schema (no offset).
  'SKU-0040': { field: 'atualizadoEm', edit: (p) => ({ ...p, atualizadoEm: '2026-01-01T00:00:00' }) },
  'SKU-0120': { field: 'ativo', edit: (p) => ({ ...p, ativo: 'sim' }) },
};

/** The fake's fetch with the answer of GET /v1/produtos/{sku} passed through `edit`. */
function tamperingObter(fetch: typeof globalThis.fetch, edit: (item: Item) => unknown): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!/^\/v1\/produtos\/[^/]+$/.test(url.pathname) || !response.ok) return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(edit((await response.json()) as Item)), { status: response.status, headers });
  };
}

// Memory and PGlite: the checks run before any statement, the same on every store (quarantine.test.ts runs Postgres too).
for (const kind of storeKinds().filter((k) => k.name !== 'postgres')) {
  describe.skipIf(kind.skip)(`a product the schema refuses, on the ${kind.name} store`, { timeout: 60_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());

    it('in a list page: the others are stored, it is set aside with its field, the scan completes; a later good listing clears it', async () => {
      const fake = createFakeApi({ catalogSize: 150, rateLimit: false });
      let hostile = true;
      const client = testClient(
        tampering(
          fake.fetch,
          (p) => (hostile && MISFITS[p.sku] ? MISFITS[p.sku]!.edit(p) : p),
          () => new Date(),
        ),
      );
      const mirror = createMirror({ client, store: await kind.fresh() });
      const result = await mirror.backfill({ onWarning: () => undefined });
      expect(result).toMatchObject({ pages: 2, quarantined: 5 });
      const status = await mirror.status();
      expect(status.backfill).toMatchObject({ phase: 'concluido', products: 150 });
      expect(status.counts.products).toBe(145);
      expect(status.quarantine.products.map((q) => [q.sku, q.field, q.origin])).toEqual(Object.entries(MISFITS).map(([sku, m]) => [sku, m.field, 'backfill']));
      expect(status.quarantine.products.find((q) => q.sku === 'SKU-0010')!.reason).toMatch(/Product schema/);
      expect(await mirror.product('SKU-0010')).toBeUndefined();
      expect((await mirror.product('SKU-0011'))!.product.sku).toBe('SKU-0011');
      // Nothing stored that the mirror cannot read back.
      expect(await mirror.changedSince(0, 1000)).toHaveLength(145);

      hostile = false;
      expect(await mirror.backfill()).toMatchObject({ generation: 2, quarantined: 0, missing: 0 });
      expect((await mirror.status()).quarantine.count).toBe(0);
      expect((await mirror.counts()).products).toBe(150);
    });

    it('fetched by sku to complete a list item, or listed by a follow: set aside, the run completes', async () => {
      const fake = createFakeApi({ catalogSize: 30, rateLimit: false });
      let followBad = false;
      const listed = tampering(
        fake.fetch,
        (p) => {
          // The list leaves a required field out of SKU-0015: the mirror fetches it whole.
          if (p.sku === 'SKU-0015') return Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'numeracoes')) as Item;
          return followBad && p.sku === 'SKU-0003' ? { ...p, precoAtacado: 'abc' } : p;
        },
        () => new Date(),
      );
      const client = testClient(tamperingObter(listed, (p) => (p.sku === 'SKU-0015' ? { ...p, numeracoes: null } : p)));
      const mirror = createMirror({ client, store: await kind.fresh() });
      expect(await mirror.backfill({ onWarning: () => undefined })).toMatchObject({ quarantined: 1 });
      expect((await mirror.status()).quarantine.products).toMatchObject([{ sku: 'SKU-0015', field: 'numeracoes', origin: 'backfill' }]);
      expect((await mirror.counts()).products).toBe(29);

      const before = (await mirror.product('SKU-0003'))!.product;
      const size = before.numeracoes[0]!;
      await client.sandbox.produtos.definirEstoque('SKU-0003', { numeracao: size.numeracao, estoque: size.estoque + 1 });
      followBad = true;
      expect(await mirror.follow({ onWarning: () => undefined })).toMatchObject({ kind: 'follow', quarantined: 1 });
      expect((await mirror.status()).quarantine.products.map((q) => [q.sku, q.field, q.origin])).toEqual([
        ['SKU-0003', 'precoAtacado', 'follow'],
        ['SKU-0015', 'numeracoes', 'backfill'],
      ]);
      // The good state it held stays.
      expect((await mirror.product('SKU-0003'))!.product.numeracoes[0]!.estoque).toBe(size.estoque);
    });

    it('as a notice: set aside and handled on every redelivery; the good state it held stays readable', async () => {
      const events: FakeWebhookEvent[] = [];
      const fake = createFakeApi({ catalogSize: 10, rateLimit: false, stockWebhookDelayMs: 0, onWebhook: (e) => void events.push(e) });
      const client = testClient(fake.fetch);
      const mirror = createMirror({ client, store: await kind.fresh() });
      await mirror.backfill();
      const size = (await client.produtos.obter('SKU-0003')).numeracoes[0]!;
      await client.sandbox.produtos.definirEstoque('SKU-0003', { numeracao: size.numeracao, estoque: 4 });
      await fake.flushWebhooks();
      const notice = JSON.parse(JSON.stringify(events.find((e) => e.evento === 'produto.estoque_atualizado')!)) as { dados: { produto: Item } };
      const bad = { ...notice, dados: { produto: { ...notice.dados.produto, precoAtacado: 'abc' } } };
      for (let i = 0; i < 3; i++) await expect(mirror.applyEvent(bad as never)).resolves.toMatchObject({ applied: 0, quarantined: 1 });
      expect((await mirror.status()).quarantine.products).toMatchObject([{ sku: 'SKU-0003', field: 'precoAtacado', origin: 'webhook' }]);
      expect((await mirror.product('SKU-0003'))!.product.numeracoes[0]!.estoque).toBe(size.estoque);
      expect(await mirror.changedSince(0, 100)).toHaveLength(10);
    });
  });
}

describe('a page whose envelope does not fit', () => {
  it('still fails the run (its cursor cannot be trusted), with UnexpectedResponseError naming the field', async () => {
    const fake = createFakeApi({ catalogSize: 150, rateLimit: false });
    const broken: typeof globalThis.fetch = async (input, init) => {
      const response = await fake.fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname !== '/v1/produtos') return response;
      const body = (await response.json()) as { paginacao: object };
      return new Response(JSON.stringify({ ...body, paginacao: { ...body.paginacao, temMais: 'sim' } }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const mirror = createMirror({ client: testClient(broken), store: createMemoryStore() });
    const err = await mirror.backfill().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect((err as UnexpectedResponseError).issues.map((i) => i.path)).toEqual(['paginacao.temMais']);
    expect((await mirror.counts()).products).toBe(0);
  });
});
