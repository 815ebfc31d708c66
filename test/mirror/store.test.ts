import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aplicarProdutos } from '../../src/mirror/apply/apply-product.js';
import type { MirrorStore } from '../../src/mirror/index.js';
import { produto } from './fixtures.js';
import { storeKinds } from './stores.js';

for (const kind of storeKinds()) {
  describe.skipIf(kind.skip !== undefined)(`${kind.name} store`, { timeout: 60_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());
    const apply = (store: MirrorStore, ps: Parameters<typeof aplicarProdutos>[1], origin: 'webhook' | 'follow' = 'webhook') =>
      store.transaction((tx) => aplicarProdutos(tx, ps, { origin }));

    it('applies a newer state, ignores an older one and an equal one, and logs each applied change once', async () => {
      const store = await kind.fresh();
      await apply(store, [produto('A', 10)]);
      await apply(store, [produto('A', 20, { titulo: 'Novo' })]);
      const late = await apply(store, [produto('A', 15, { titulo: 'Velho' })]);
      const dup = await apply(store, [produto('A', 20, { titulo: 'Novo' })]);
      expect(late.decisoes[0]).toEqual({ comparacao: 'mais-antigo', aplicar: false, reler: false });
      expect(dup.decisoes[0]).toEqual({ comparacao: 'igual', aplicar: false, reler: false });
      expect((await store.produto('A'))!.produto.titulo).toBe('Novo');
      const log = await store.changes(0, 100);
      expect(log.map((c) => [c.position, c.kind, c.fields])).toEqual([
        [1, 'criado', ['ativo', 'categorias', 'estilos', 'imagem', 'numeracoes', 'precoAtacado', 'precoAtual', 'precoSugerido', 'sku', 'tags', 'titulo']],
        [2, 'alterado', ['titulo']],
      ]);
      expect(log[1]!.before!.titulo).toBe('Tênis A');
      expect(log[1]!.after!.titulo).toBe('Novo');
    });

    it('on a tie (same atualizadoEm, other content) applies the notice and queues the sku to be read again; the API answer settles it', async () => {
      const store = await kind.fresh();
      await apply(store, [produto('A', 10)]);
      const tie = await apply(store, [produto('A', 10, { precoAtacado: '90.00' })]);
      expect(tie.decisoes[0]).toEqual({ comparacao: 'empate', aplicar: true, reler: true });
      expect((await store.produto('A'))!.produto.precoAtacado).toBe('90.00');
      expect(await store.transaction((tx) => tx.refreshQueue(10))).toEqual(['A']);
      // The server's state was the first one after all: the answer wins, and the queue empties.
      const settled = await apply(store, [produto('A', 10)], 'follow');
      expect(settled.decisoes[0]).toEqual({ comparacao: 'empate', aplicar: true, reler: false });
      expect(await store.transaction((tx) => tx.refreshQueue(10))).toEqual([]);
      expect((await store.produto('A'))!.produto.precoAtacado).toBe('100.00');
    });

    it('keeps stock by skuVariacao in step with the product, sizes removed included', async () => {
      const store = await kind.fresh();
      await apply(store, [produto('A', 10)]);
      expect(await store.variacao('A-38')).toEqual({ sku: 'A', numeracao: '38', estoque: 5 });
      await apply(store, [produto('A', 11, { numeracoes: [{ numeracao: '38', skuVariacao: 'A-38', estoque: 2 }] })]);
      expect(await store.variacao('A-38')).toEqual({ sku: 'A', numeracao: '38', estoque: 2 });
      expect(await store.variacao('A-39')).toBeUndefined();
      expect((await store.counts()).variacoes).toBe(1);
    });

    it('keeps nothing of a transaction that throws: product, sizes, log and state', async () => {
      const store = await kind.fresh();
      await expect(
        store.transaction(async (tx) => {
          await aplicarProdutos(tx, [produto('A', 10)], { origin: 'webhook' });
          await tx.setState('x', 1);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await store.produto('A')).toBeUndefined();
      expect(await store.variacao('A-38')).toBeUndefined();
      expect(await store.changes(0, 10)).toEqual([]);
      expect(await store.state('x')).toBeUndefined();
      await apply(store, [produto('A', 10)]);
      expect((await store.changes(0, 10)).map((c) => c.position)).toEqual([(await store.lastPosition())]);
    });

    it('applies a batch in order, an older state of the same sku later in the batch included', async () => {
      const store = await kind.fresh();
      const r = await apply(store, [produto('A', 10), produto('B', 10), produto('A', 12, { titulo: 'x' }), produto('A', 11, { titulo: 'y' })]);
      expect(r.decisoes.map((d) => d.aplicar)).toEqual([true, true, true, false]);
      expect((await store.produto('A'))!.produto.titulo).toBe('x');
      expect((await store.produto('A'))!.position).toBe(3);
      expect((await store.changedSince(1, 10)).map((p) => p.produto.sku)).toEqual(['B', 'A']);
    });

    it('marks seen by scan generation and lists the unseen ones changed before a moment', async () => {
      const store = await kind.fresh();
      await store.transaction((tx) => aplicarProdutos(tx, [produto('A', 10), produto('B', 10), produto('C', 100)], { origin: 'backfill', geracao: 1 }));
      await store.transaction((tx) => tx.markSeen(['A'], 2));
      const unseen = await store.transaction((tx) => tx.unseen(2, Date.parse(produto('x', 50).atualizadoEm), 10));
      expect(unseen.map((p) => p.produto.sku)).toEqual(['B']);
    });

    it('saves consumer positions and counts', async () => {
      const store = await kind.fresh();
      await apply(store, [produto('A', 10), produto('B', 10, { ativo: false })]);
      await store.saveConsumerPosition('loja', 1);
      expect(await store.consumerPosition('loja')).toBe(1);
      expect(await store.consumerPosition('outro')).toBe(0);
      expect(await store.counts()).toMatchObject({ produtos: 2, ativos: 1, inativos: 1, ausentes: 0, variacoes: 4, changes: 2, outboxPending: 0 });
    });

    it('claims an outbox row once while its call is in flight, and records the answer', async () => {
      const store = await kind.fresh();
      expect(await store.transaction((tx) => tx.outboxInsert({ key: 'k1', operation: 'pedidos.criar', body: { a: 1 } }))).toBe(true);
      expect(await store.transaction((tx) => tx.outboxInsert({ key: 'k1', operation: 'pedidos.criar', body: { a: 2 } }))).toBe(false);
      let release!: () => void;
      let entered!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const inFlight = new Promise<void>((r) => (entered = r));
      let sends = 0;
      const first = store.outboxClaim('k1', async () => {
        sends++;
        entered();
        await gate;
        return { status: 'done', response: { id: 'p1' } };
      });
      // The first claim holds the row (its call is "in flight") when the second tries.
      await inFlight;
      const second = await store.outboxClaim('k1', async () => {
        sends++;
        return { status: 'done', response: { id: 'p2' } };
      });
      expect(second).toBeUndefined();
      release();
      expect(await first).toMatchObject({ key: 'k1', status: 'done', response: { id: 'p1' }, attempts: 1, body: { a: 1 } });
      expect(sends).toBe(1);
      expect(await store.transaction((tx) => tx.outboxPending(10))).toEqual([]);
    });
  });
}
