/**
 * The outbox end to end against the testing kit's fake, on every store: order creation and label
 * issue go through `createOutbox`; an answer lost after the server applied the call (the kit's
 * `{ drop: true, afterApplying: true }`), a 503, and a crash between saving a row and sending it all
 * leave the row pending, and `replay()` sends it again with its own Idempotency-Key until it has its
 * answer — the fake ends with exactly one order (or label) per row. A refusal (4xx) ends the row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxPendingError } from '../../src/mirror/index.js';
import { definirValoresVenda, etiquetasDoFake, outboxOnFake, pedidoBodies, pedidosDoFake, postsByKey } from './outbox-fixtures.js';
import { storeKinds } from './stores.js';

for (const kind of storeKinds()) {
  describe.skipIf(kind.skip !== undefined)(`outbox on the ${kind.name} store, against the fake`, { timeout: 60_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());

    it('creates an order in one call and keeps its answer under its key', async () => {
      const { fake, outbox } = outboxOnFake(await kind.fresh());
      const [body] = pedidoBodies(fake, 1);
      const pedido = await outbox.criarPedido(body!, { idempotencyKey: 'loja-pedido-1' });
      const [noFake] = await pedidosDoFake(fake);
      expect(pedido.id).toBe(noFake!.id);
      expect(await outbox.get('loja-pedido-1')).toMatchObject({ status: 'done', attempts: 1, operation: 'pedidos.criar', response: { id: pedido.id }, body });
      // The same call again (a caller retrying) sends nothing and hands back the saved answer.
      expect((await outbox.criarPedido(body!, { idempotencyKey: 'loja-pedido-1' })).id).toBe(pedido.id);
      expect(postsByKey(fake, '/v1/pedidos').get('loja-pedido-1')).toBe(1);
      expect(await pedidosDoFake(fake)).toHaveLength(1);
    });

    it('an answer lost after the server created the order stays pending; replay gets the first answer, still one order', async () => {
      const { fake, mirror, outbox } = outboxOnFake(await kind.fresh());
      const [body] = pedidoBodies(fake, 1);
      fake.inject('POST /v1/pedidos', [{ drop: true, afterApplying: true }]);
      const err = await outbox.criarPedido(body!, { idempotencyKey: 'perdida' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OutboxPendingError);
      expect((err as OutboxPendingError).key).toBe('perdida');
      expect(await outbox.get('perdida')).toMatchObject({ status: 'pending', attempts: 1, response: null });
      expect(await pedidosDoFake(fake)).toHaveLength(1);
      expect((await mirror.counts()).outboxPending).toBe(1);

      const replayed = await outbox.replay();
      const pedidos = await pedidosDoFake(fake);
      expect(pedidos).toHaveLength(1);
      expect(replayed).toEqual([expect.objectContaining({ key: 'perdida', status: 'done', attempts: 2, response: expect.objectContaining({ id: pedidos[0]!.id }) })]);
      expect(postsByKey(fake, '/v1/pedidos').get('perdida')).toBe(2);
      expect((await mirror.counts()).outboxPending).toBe(0);
      // Nothing left to send.
      expect(await outbox.replay()).toEqual([]);
      expect(postsByKey(fake, '/v1/pedidos').get('perdida')).toBe(2);
    });

    it('replays rows saved before a crash (never sent), and rows a 503 or a lost answer left, once each', async () => {
      const { fake, mirror, outbox } = outboxOnFake(await kind.fresh());
      const bodies = pedidoBodies(fake, 6);
      const store = await mirror.open();
      // A crash right after the row committed, before the call left: what criarPedido saves first.
      for (const i of [0, 1, 2]) await store.transaction((tx) => tx.outboxInsert({ key: `crash-${i}`, operation: 'pedidos.criar', body: bodies[i] }));
      fake.inject('POST /v1/pedidos', [{ status: 503 }, { drop: true, afterApplying: true }, { drop: true }]);
      for (const i of [3, 4, 5]) await expect(outbox.criarPedido(bodies[i]!, { idempotencyKey: `falha-${i}` })).rejects.toBeInstanceOf(OutboxPendingError);
      expect(await pedidosDoFake(fake)).toHaveLength(1);
      expect((await mirror.counts()).outboxPending).toBe(6);

      const rows = await outbox.replay();
      expect(rows.map((r) => [r.key, r.status])).toEqual(['crash-0', 'crash-1', 'crash-2', 'falha-3', 'falha-4', 'falha-5'].map((k) => [k, 'done']));
      const pedidos = await pedidosDoFake(fake);
      expect(pedidos).toHaveLength(6);
      expect(new Set(rows.map((r) => (r.response as { id: string }).id))).toEqual(new Set(pedidos.map((p) => p.id)));
    });

    it('refuses a key already in the outbox for another body or operation, before sending anything', async () => {
      const { fake, outbox } = outboxOnFake(await kind.fresh());
      const [a, b] = pedidoBodies(fake, 2);
      await outbox.criarPedido(a!, { idempotencyKey: 'chave-1' });
      // The same body with its keys in another order is the same call.
      expect((await outbox.criarPedido({ itens: a!.itens.map((i) => ({ quantidade: i.quantidade, numeracao: i.numeracao, sku: i.sku })) }, { idempotencyKey: 'chave-1' })).id).toBeDefined();
      await expect(outbox.criarPedido(b!, { idempotencyKey: 'chave-1' })).rejects.toMatchObject({ name: 'InvalidInputError', issues: [{ path: 'idempotencyKey' }] });
      await expect(outbox.emitir({ pedidoId: 'x' }, { idempotencyKey: 'chave-1' })).rejects.toMatchObject({ issues: [{ path: 'idempotencyKey', message: expect.stringContaining('pedidos.criar') }] });
      expect(postsByKey(fake, '/v1/pedidos').get('chave-1')).toBe(1);
      expect(await pedidosDoFake(fake)).toHaveLength(1);
    });

    it('a refusal (4xx) ends the row as failed and is never sent again', async () => {
      const { fake, outbox } = outboxOnFake(await kind.fresh());
      await expect(outbox.criarPedido({ itens: [] }, { idempotencyKey: 'recusada' })).rejects.toMatchObject({ name: 'ApiError', status: 400, codigo: 'VALIDACAO', idempotencyKey: 'recusada' });
      expect(await outbox.get('recusada')).toMatchObject({ status: 'failed', attempts: 1 });
      expect(await outbox.replay()).toEqual([]);
      expect(postsByKey(fake, '/v1/pedidos').get('recusada')).toBe(1);
      expect(await pedidosDoFake(fake)).toHaveLength(0);
    });

    it('issues a label through the outbox: a lost answer is replayed into one label', async () => {
      const { fake, outbox } = outboxOnFake(await kind.fresh());
      const [body] = pedidoBodies(fake, 1);
      const pedido = await outbox.criarPedido(body!, { idempotencyKey: 'para-etiqueta' });
      await definirValoresVenda(fake, pedido);
      fake.inject('POST /v1/etiquetas', [{ drop: true, afterApplying: true }]);
      await expect(outbox.emitir({ pedidoId: pedido.id }, { idempotencyKey: 'etiqueta-1' })).rejects.toBeInstanceOf(OutboxPendingError);
      expect(await etiquetasDoFake(fake)).toHaveLength(1);
      const [row] = await outbox.replay();
      const etiquetas = await etiquetasDoFake(fake);
      expect(etiquetas).toHaveLength(1);
      expect(row).toMatchObject({ key: 'etiqueta-1', operation: 'etiquetas.emitir', status: 'done', response: { id: etiquetas[0]!.id } });
    });
  });
}
