import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWebhook } from '../../src/webhooks/index.js';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { createMirror, type MirrorSource } from '../../src/mirror/index.js';
import type { EstadoBackfill } from '../../src/mirror/sync/state-keys.js';
import { testClient } from '../helpers/client.js';
import { storeKinds } from './stores.js';

/** The fake's fetch with a Date header on every answer (the server's clock), as real servers send. */
function withDate(fetch: typeof globalThis.fetch, now: () => Date = () => new Date()): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.headers.has('date')) return response;
    const headers = new Headers(response.headers);
    headers.set('date', now().toUTCString());
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * The fake's fetch with the product `hidden()` names left out of every page of `GET /v1/produtos`
 * (a product gone from the catalog), however the page was reached: first page, cursor or prefetch.
 */
function hiding(fetch: typeof globalThis.fetch, hidden: () => string | undefined): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const sku = hidden();
    if (sku === undefined || url.pathname !== '/v1/produtos' || !response.ok) return response;
    const body = (await response.json()) as { dados: Array<{ sku: string }> };
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    const kept = { ...body, dados: body.dados.filter((p) => p.sku !== sku) };
    return new Response(JSON.stringify(kept), { status: response.status, statusText: response.statusText, headers });
  };
}

/** Counts list calls of a source. */
function counting(source: MirrorSource): MirrorSource & { listar: number; obter: number } {
  const counts = { listar: 0, obter: 0 };
  return Object.assign(counts, {
    produtos: {
      listar: (...args: Parameters<MirrorSource['produtos']['listar']>) => (counts.listar++, source.produtos.listar(...args)),
      obter: (...args: Parameters<MirrorSource['produtos']['obter']>) => (counts.obter++, source.produtos.obter(...args)),
    },
  });
}

for (const kind of storeKinds().filter((k) => k.name !== 'postgres')) {
  describe.skipIf(kind.skip !== undefined)(`mirror on the ${kind.name} store`, { timeout: 60_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());

    it('backfills 250 products in ⌈250/100⌉ = 3 calls, equal to the API field for field', async () => {
      const events: FakeWebhookEvent[] = [];
      const fake = createFakeApi({ catalogSize: 250, rateLimit: false, onWebhook: (e) => void events.push(e) });
      const client = testClient(withDate(fake.fetch));
      const mirror = createMirror({ client, store: await kind.fresh() });
      const result = await mirror.backfill();
      expect(result).toMatchObject({ calls: 3, pages: 3, applied: 250, missing: 0, resumed: false });
      for (const sku of ['SKU-0001', 'SKU-0137', 'SKU-0250']) {
        const api = await client.produtos.obter(sku);
        expect(JSON.parse(JSON.stringify((await mirror.product(sku))!.product))).toEqual(JSON.parse(JSON.stringify(api)));
      }
      const status = await mirror.status();
      expect(status.counts.products).toBe(250);
      expect(status.backfill).toMatchObject({ phase: 'concluido', pages: 3, cursor: null });
      expect(status.watermark).not.toBeNull();
    });

    it('resumes an interrupted backfill at the page after the last one stored', async () => {
      const fake = createFakeApi({ catalogSize: 250, rateLimit: false });
      const source = testClient(withDate(fake.fetch));
      const listCalls = () => fake.requests.filter((r) => r.path.startsWith('/v1/produtos?')).length;
      const store = await kind.fresh();
      const first = createMirror({ client: source, store });
      await expect(
        first.backfill({
          onPage: (e) => {
            if (e.pages === 2) throw new Error('killed after page 2');
          },
        }),
      ).rejects.toThrow('killed');
      // Two pages stored, and at most the next one already in flight (fetched ahead while page 2 was stored).
      expect(listCalls()).toBeGreaterThanOrEqual(2);
      expect(listCalls()).toBeLessThanOrEqual(3);
      const before = listCalls();
      const again = await createMirror({ client: source, store }).backfill();
      expect(again).toMatchObject({ resumed: true, calls: 1, pages: 3 });
      expect(listCalls() - before).toBe(1);
      expect(fake.requests.filter((r) => r.path.startsWith('/v1/produtos?')).at(-1)!.path).toContain('cursor=');
      const log = await store.changes(0, 1000);
      expect(log).toHaveLength(250);
      expect(new Set(log.map((c) => c.sku)).size).toBe(250);
    });

    it('follows with one call when nothing changed, and picks up a stock change whose notice was lost', async () => {
      const fake = createFakeApi({ catalogSize: 120, rateLimit: false, stockWebhookDelayMs: 0 });
      const client = testClient(withDate(fake.fetch));
      const source = counting(client);
      const mirror = createMirror({ client: source, store: await kind.fresh() });
      await mirror.backfill();
      source.listar = 0;
      // Counted on the wire too (every request the fake answered), not only by the run's own report.
      let requests = fake.requests.length;
      const quiet = await mirror.follow();
      expect(quiet).toMatchObject({ kind: 'follow', calls: 1, applied: 0 });
      expect(source.listar).toBe(1);
      expect(fake.requests.length - requests).toBe(1);
      const size = (await client.produtos.obter('SKU-0042')).numeracoes[0]!;
      await client.sandbox.produtos.definirEstoque('SKU-0042', { numeracao: size.numeracao, estoque: size.estoque + 7 });
      const after = await mirror.follow();
      expect(after).toMatchObject({ kind: 'follow', applied: 1 });
      expect(await mirror.stock(size.skuVariacao)).toEqual({ sku: 'SKU-0042', numeracao: size.numeracao, estoque: size.estoque + 7 });
      const [change] = await mirror.changes.read((await mirror.status()).lastPosition - 1);
      expect(change).toMatchObject({ sku: 'SKU-0042', kind: 'alterado', fields: ['numeracoes'], origin: 'follow' });
      // Quiet again (the change is inside the overlap and listed again, but applies nothing): one call.
      requests = fake.requests.length;
      expect(await mirror.follow()).toMatchObject({ kind: 'follow', calls: 1, applied: 0 });
      expect(fake.requests.length - requests).toBe(1);
    });

    it('applies product notices, single and lote items alike, never a stale one', async () => {
      const events: FakeWebhookEvent[] = [];
      // The fake's clock moves only where the test says: two changes within one tick of the real clock
      // would share an atualizadoEm, a tie the mirror applies by design (decide.ts), so "stale" needs a
      // later second change, not a fast machine's luck.
      let clock = Date.now();
      const now = () => new Date(clock);
      const fake = createFakeApi({ catalogSize: 10, rateLimit: false, stockWebhookDelayMs: 0, now, onWebhook: (e) => void events.push(e) });
      const client = testClient(withDate(fake.fetch, now));
      const mirror = createMirror({ client, store: await kind.fresh() });
      await mirror.backfill();
      const size = (await client.produtos.obter('SKU-0003')).numeracoes[0]!;
      clock += 1_000;
      await client.sandbox.produtos.definirEstoque('SKU-0003', { numeracao: size.numeracao, estoque: 1 });
      await fake.flushWebhooks();
      const first = await client.produtos.obter('SKU-0003');
      clock += 1_000;
      await client.sandbox.produtos.definirEstoque('SKU-0003', { numeracao: size.numeracao, estoque: 2 });
      await fake.flushWebhooks();
      const [older, newer] = events.filter((e) => e.evento === 'produto.estoque_atualizado').map((e) => parseWebhook(e));
      expect(await mirror.applyEvent(newer!)).toMatchObject({ applied: 1 });
      expect(await mirror.applyEvent(older!)).toMatchObject({ applied: 0, ignored: 1 });
      expect(await mirror.applyEvent(newer!)).toMatchObject({ applied: 0, ignored: 1 });
      expect((await mirror.stock(size.skuVariacao))!.estoque).toBe(2);
      expect(first.numeracoes[0]!.estoque).toBe(1);
      // The same states as items of a lote.
      const lote = parseWebhook({
        id: 'evt_lote1',
        evento: 'produto.lote',
        criadoEm: newer!.criadoEm,
        ambiente: 'sandbox',
        integracao: newer!.integracao,
        dados: {
          total: 2,
          itens: [
            { evento: 'produto.estoque_atualizado', produto: JSON.parse(JSON.stringify(older!.dados)).produto },
            { evento: 'produto.criado', produto: { ...JSON.parse(JSON.stringify(newer!.dados)).produto, sku: 'NOVO-1', numeracoes: [] } },
          ],
        },
      });
      expect(await mirror.applyEvent(lote)).toMatchObject({ received: 2, applied: 1, ignored: 1 });
      expect((await mirror.product('NOVO-1'))!.active).toBe(true);
      const handlers = mirror.webhookHandlers();
      expect(Object.keys(handlers).sort()).toEqual([
        'produto.categorias_alteradas',
        'produto.criado',
        'produto.desativado',
        'produto.estoque_atualizado',
        'produto.lote',
        'produto.nome_alterado',
        'produto.preco_atualizado',
        'produto.reativado',
      ]);
    });

    it('marks a product a full scan no longer lists as not seen (ativo false), and clears it when it is listed again', async () => {
      const fake = createFakeApi({ catalogSize: 30, rateLimit: false });
      let hidden: string | undefined;
      const client = testClient(withDate(hiding(fake.fetch, () => hidden)));
      const mirror = createMirror({ client, store: await kind.fresh() });
      await mirror.backfill();
      hidden = 'SKU-0007';
      expect(await mirror.backfill()).toMatchObject({ generation: 2, missing: 1 });
      const gone = (await mirror.product('SKU-0007'))!;
      expect(gone.active).toBe(false);
      expect(gone.missingSince).not.toBeNull();
      expect((await mirror.counts()).missing).toBe(1);
      hidden = undefined;
      await mirror.backfill();
      expect((await mirror.product('SKU-0007'))!.missingSince).toBeNull();
      const kinds = (await mirror.changes.read(0, 1000)).filter((c) => c.sku === 'SKU-0007').map((c) => c.kind);
      expect(kinds).toEqual(['criado', 'ausente', 'reapareceu']);
    });

    it('when the server refuses the saved cursor (400 CURSOR_INVALIDO), restarts the scan as a new generation; the sweep stays right', async () => {
      const fake = createFakeApi({ catalogSize: 250, rateLimit: false });
      let hidden: string | undefined;
      const client = testClient(withDate(hiding(fake.fetch, () => hidden)));
      const store = await kind.fresh();
      const mirror = createMirror({ client, store });
      await mirror.backfill();
      // The second scan stops after its first page, which listed (and marked) SKU-0050...
      await expect(
        mirror.backfill({
          onPage: () => {
            throw new Error('killed after page 1');
          },
        }),
      ).rejects.toThrow('killed');
      // ...which then leaves the catalog, and the saved cursor goes stale (a server deploy).
      hidden = 'SKU-0050';
      const saved = (await store.state<EstadoBackfill>('backfill'))!;
      expect(saved).toMatchObject({ geracao: 2, fase: 'varredura', paginas: 1 });
      await store.transaction((tx) => tx.setState('backfill', { ...saved, cursor: `${saved.cursor!}x` }));

      const result = await createMirror({ client, store }).backfill();
      expect(result).toMatchObject({ generation: 3, restarted: true, resumed: true, pages: 3, missing: 1 });
      expect(fake.requests.filter((r) => r.path.startsWith('/v1/produtos?') && r.path.includes('cursor=')).length).toBeGreaterThan(0);
      expect((await store.state<EstadoBackfill>('backfill'))!).toMatchObject({ geracao: 3, fase: 'concluido' });
      // Marked by the new generation's sweep, though the stopped scan had listed it.
      expect((await mirror.product('SKU-0050'))!.missingSince).not.toBeNull();
      expect((await mirror.counts()).missing).toBe(1);
      // Listing everything again logged nothing twice: 250 creations and one inference.
      const log = await store.changes(0, 1000);
      expect(log.map((c) => c.kind).filter((k) => k === 'criado')).toHaveLength(250);
      expect(log.filter((c) => c.kind !== 'criado').map((c) => [c.sku, c.kind])).toEqual([['SKU-0050', 'ausente']]);
    });

    it('a cursor refused again right after the restart is an error, not a loop', async () => {
      const fake = createFakeApi({ catalogSize: 250, rateLimit: false });
      let refuseCursors = false;
      // From some moment on, the server refuses every cursor (the first page, with none, still answers).
      const fetch: typeof globalThis.fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const cursor = url.searchParams.get('cursor');
        if (refuseCursors && cursor) url.searchParams.set('cursor', `${cursor}x`);
        return fake.fetch(url, init);
      };
      const store = await kind.fresh();
      const mirror = createMirror({ client: testClient(withDate(fetch)), store });
      await expect(mirror.backfill({ onPage: () => Promise.reject(new Error('stop')) })).rejects.toThrow('stop');
      refuseCursors = true;
      const listed = () => fake.requests.filter((r) => r.path.startsWith('/v1/produtos?')).length;
      const before = listed();
      const err = await mirror.backfill().catch((e: unknown) => e);
      expect(err).toMatchObject({ codigo: 'CURSOR_INVALIDO' });
      // The saved cursor, the new scan's first page, its second page (refused): no more.
      expect(listed() - before).toBe(3);
    });

    it('hands the change feed to a consumer once, and to subscribers as changes commit', async () => {
      const fake = createFakeApi({ catalogSize: 5, rateLimit: false });
      const mirror = createMirror({ client: testClient(withDate(fake.fetch)), store: await kind.fresh() });
      const seen: number[] = [];
      await mirror.open();
      mirror.changes.subscribe((changes) => void seen.push(...changes.map((c) => c.position)), 0);
      await mirror.backfill();
      expect(seen).toEqual([1, 2, 3, 4, 5]);
      const batches: number[][] = [];
      expect(await mirror.changes.consume('loja', (c) => void batches.push(c.map((x) => x.position)), { batch: 2 })).toBe(5);
      expect(await mirror.changes.consume('loja', (c) => void batches.push(c.map((x) => x.position)))).toBe(0);
      expect(batches).toEqual([[1, 2], [3, 4], [5]]);
      expect(await mirror.changes.position('loja')).toBe(5);
    });
  });
}
