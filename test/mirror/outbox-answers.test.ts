/**
 * The outbox answers like the client's own creation calls: a typed record (Money, not the wire's
 * string) on the first call, on the same call again and after a replay; a refusal is the client's
 * `ApiError` (`codigo`, `itens`, `pedido`), rebuilt from the row when the row was refused earlier; a
 * body the client would refuse is refused before a row is saved; the pending error is one of the
 * SDK's errors.
 *
 * And what `replay()` does with rows no caller can fix: it goes through every pending row, however
 * many, so rows whose sends never get an answer do not hold back the rows behind them; a saved body
 * the client refuses ends `failed` with the reason instead of staying pending forever; a row of an
 * operation the outbox does not know is never sent as another operation. Those rows are saved the way
 * a crash (or an older version) leaves them: straight into the store.
 *
 * On the memory store and on PGlite (the jsonb round trip of saved answers and refusals, the SQL of
 * paging); the 1,200-row replay on the memory store only, since PGlite spends seconds on 2,400 claims.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, InvalidInputError, Money, PartnerCommerce, PartnerCommerceError, UnexpectedResponseError } from '../../src/index.js';
import { createMirror, createOutbox, OutboxPendingError, type MirrorStore, type OutboxClient } from '../../src/mirror/index.js';
import { definirValoresVenda, OUTBOX_TOKEN, outboxOnFake, pedidoBodies, pedidosDoFake, postsByKey, semEstoqueBody } from './outbox-fixtures.js';
import { storeKinds } from './stores.js';

/** The rejection of `promise`, or a failure when it resolves. */
async function rejectionOf(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

/** Rows saved before the call left, in this order (the order replay goes through them). */
async function savePending(store: MirrorStore, keys: readonly string[], operation = 'pedidos.criar', body: unknown = { itens: [] }): Promise<void> {
  await store.transaction(async (tx) => {
    for (const key of keys) await tx.outboxInsert({ key, operation, body });
  });
}

/** A client that records each key it is asked to send; keys starting with `preso` never get an answer. */
function recordingClient(): { client: OutboxClient; sent: string[] } {
  const sent: string[] = [];
  const answer = async (key: unknown): Promise<never> => {
    sent.push(String(key));
    if (String(key).startsWith('preso')) throw new Error('socket hang up');
    return { id: `id-${String(key)}` } as never;
  };
  const client: OutboxClient = {
    pedidos: { criar: (_body, options) => answer(options?.idempotencyKey) },
    etiquetas: { emitir: (_body, options) => answer(options?.idempotencyKey) },
  };
  return { client, sent };
}

const keysOf = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);

for (const kind of storeKinds().filter((k) => k.name !== 'postgres')) {
  describe.skipIf(kind.skip !== undefined)(`outbox on the ${kind.name} store`, () => {
    beforeAll(() => kind.setup(), 60_000);
    afterAll(() => kind.teardown());

    it('criarPedido resolves to a Pedido with Money, as pedidos.criar does: first call, same call again, and after a replay', async () => {
      const { fake, outbox } = outboxOnFake(await kind.fresh());
      const [a, b] = pedidoBodies(fake, 2);
      const pedido = await outbox.criarPedido(a!, { idempotencyKey: 'money-1' });
      const wire = (await pedidosDoFake(fake)).find((p) => p.id === pedido.id)!;
      expect(pedido.total).toBeInstanceOf(Money);
      expect(pedido.total.toString()).toBe(wire.total);
      const again = await outbox.criarPedido(a!, { idempotencyKey: 'money-1' });
      expect(again.total).toBeInstanceOf(Money);
      expect(again.total.equals(pedido.total)).toBe(true);

      fake.inject('POST /v1/pedidos', [{ drop: true, afterApplying: true }]);
      await expect(outbox.criarPedido(b!, { idempotencyKey: 'money-2' })).rejects.toBeInstanceOf(OutboxPendingError);
      await outbox.replay();
      const replayed = await outbox.criarPedido(b!, { idempotencyKey: 'money-2' });
      expect(replayed.total).toBeInstanceOf(Money);
      expect(replayed.itens?.[0]?.precoAtacado).toBeInstanceOf(Money);
      expect(postsByKey(fake, '/v1/pedidos').get('money-2')).toBe(2);
    });

    it('emitir resolves to an Etiqueta with Money, on the first call and on the same call again', async () => {
      const { fake, outbox } = outboxOnFake(await kind.fresh());
      const [body] = pedidoBodies(fake, 1);
      const pedido = await outbox.criarPedido(body!, { idempotencyKey: 'para-etiqueta' });
      await definirValoresVenda(fake, pedido);
      const etiqueta = await outbox.emitir({ pedidoId: pedido.id }, { idempotencyKey: 'etiqueta-money' });
      expect(etiqueta.valor).toBeInstanceOf(Money);
      expect((await outbox.emitir({ pedidoId: pedido.id }, { idempotencyKey: 'etiqueta-money' })).valor).toBeInstanceOf(Money);
      expect(postsByKey(fake, '/v1/etiquetas').get('etiqueta-money')).toBe(1);
    });

    it('a refusal is the ApiError pedidos.criar throws (codigo, itens), and again when the same call meets the failed row', async () => {
      const { fake, client, outbox } = outboxOnFake(await kind.fresh());
      const body = semEstoqueBody(fake);
      const direct = await rejectionOf(client.pedidos.criar(body));
      expect(direct).toBeInstanceOf(ApiError);
      for (const attempt of ['sent', 'from the row']) {
        const err = await rejectionOf(outbox.criarPedido(body, { idempotencyKey: 'sem-estoque' }));
        expect(err, attempt).toBeInstanceOf(ApiError);
        expect(err, attempt).toBeInstanceOf(PartnerCommerceError);
        const { status, codigo, mensagem, itens } = direct as ApiError & { itens: unknown };
        expect(err, attempt).toMatchObject({ name: 'ApiError', status, codigo, mensagem, itens, idempotencyKey: 'sem-estoque' });
        expect(
          (err as { itens: Array<{ indice: number }> }).itens.map((i) => i.indice),
          attempt,
        ).toEqual([1]);
      }
      expect(postsByKey(fake, '/v1/pedidos').get('sem-estoque')).toBe(1);
      expect(await outbox.get('sem-estoque')).toMatchObject({ status: 'failed', attempts: 1 });
    });

    it('REFERENCIA_EXTERNA_DUPLICADA carries the existing pedido, sent or rebuilt from the row', async () => {
      const { fake, client, outbox } = outboxOnFake(await kind.fresh());
      const [a, b] = pedidoBodies(fake, 2);
      const first = await outbox.criarPedido({ ...a!, referenciaExterna: 'loja-77' }, { idempotencyKey: 'ref-1' });
      const direct = (await rejectionOf(client.pedidos.criar({ ...b!, referenciaExterna: 'loja-77' }))) as ApiError & { pedido: { id: string } };
      expect(direct.pedido.id).toBe(first.id);
      for (const attempt of ['sent', 'from the row']) {
        const err = await rejectionOf(outbox.criarPedido({ ...b!, referenciaExterna: 'loja-77' }, { idempotencyKey: 'ref-2' }));
        expect(err, attempt).toBeInstanceOf(ApiError);
        expect(err, attempt).toMatchObject({ status: 409, codigo: 'REFERENCIA_EXTERNA_DUPLICADA', pedido: direct.pedido, idempotencyKey: 'ref-2' });
      }
      expect(postsByKey(fake, '/v1/pedidos').get('ref-2')).toBe(1);
      expect(await pedidosDoFake(fake)).toHaveLength(1);
    });

    it('a body the client refuses is refused at once with InvalidInputError naming the field, and leaves no row', async () => {
      const { fake, mirror, outbox } = outboxOnFake(await kind.fresh());
      const [body] = pedidoBodies(fake, 1);
      const err = await rejectionOf(outbox.criarPedido({ ...body!, referenciaExterna: '' }, { idempotencyKey: 'ref-vazia' }));
      expect(err).toBeInstanceOf(InvalidInputError);
      expect((err as InvalidInputError).issues).toEqual([{ path: 'referenciaExterna', message: expect.stringContaining('non-empty string') }]);
      const notAnObject = await rejectionOf(outbox.emitir(null as never, { idempotencyKey: 'etiqueta-nula' }));
      expect(notAnObject).toBeInstanceOf(InvalidInputError);
      expect((notAnObject as InvalidInputError).issues).toEqual([{ path: 'body', message: expect.any(String) }]);
      expect(await outbox.get('ref-vazia')).toBeUndefined();
      expect(await outbox.get('etiqueta-nula')).toBeUndefined();
      expect((await mirror.counts()).outboxPending).toBe(0);
      expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
    });

    it('OutboxPendingError is a PartnerCommerceError carrying the row key as idempotencyKey', async () => {
      const { fake, outbox } = outboxOnFake(await kind.fresh());
      const [body] = pedidoBodies(fake, 1);
      fake.inject('POST /v1/pedidos', [{ status: 503 }]);
      const err = await rejectionOf(outbox.criarPedido(body!, { idempotencyKey: 'sem-resposta' }));
      expect(err).toBeInstanceOf(OutboxPendingError);
      expect(err).toBeInstanceOf(PartnerCommerceError);
      expect(err).toMatchObject({ name: 'OutboxPendingError', key: 'sem-resposta', idempotencyKey: 'sem-resposta' });
    });

    it.runIf(kind.name === 'memory')('replay sends every pending row: 1,000 rows that never get an answer do not hold back the 200 behind them', async () => {
      const store = await kind.fresh();
      const stuck = keysOf('preso', 1000);
      const behind = keysOf('depois', 200);
      await savePending(store, stuck);
      await savePending(store, behind);
      const { client, sent } = recordingClient();
      const outbox = createOutbox({ client, store });

      const rows = await outbox.replay();
      expect(sent).toEqual([...stuck, ...behind]);
      expect(rows.filter((r) => r.status === 'done').map((r) => r.key)).toEqual(behind);
      expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1000);
      expect((await store.counts()).outboxPending).toBe(1000);
    });

    it('the store pages pending rows after a key, oldest first, past rows that stay pending and a cursor row since answered', async () => {
      const store = await kind.fresh();
      // Keys in the order of saving: PGlite's clock has milliseconds, so two transactions may share a
      // created_at, and then the key orders them.
      await savePending(store, ['a-1', 'b-2', 'c-3']);
      await savePending(store, ['d-4', 'e-5']);
      const pages: string[][] = [];
      let after: string | undefined;
      for (let i = 0; i < 10; i++) {
        const cursor = after;
        const page = await store.transaction((tx) => tx.outboxPending(2, cursor));
        if (page.length === 0) break;
        pages.push(page);
        // As a replay does: each row answered, but `a-1` gets no answer and stays pending.
        for (const key of page) if (key !== 'a-1') await store.transaction((tx) => tx.outboxUpdate(key, { status: 'done' }));
        after = page[page.length - 1];
      }
      expect(pages).toEqual([['a-1', 'b-2'], ['c-3', 'd-4'], ['e-5']]);
      expect(await store.transaction((tx) => tx.outboxPending(10))).toEqual(['a-1']);
    });

    it('a saved body the client refuses ends failed with the field named, and is not sent', async () => {
      const { fake, mirror, outbox } = outboxOnFake(await kind.fresh());
      const [body] = pedidoBodies(fake, 1);
      // Saved by a version that did not check the body before saving.
      await savePending(await mirror.open(), ['ref-vazia'], 'pedidos.criar', { ...body!, referenciaExterna: '' });
      const [row] = await outbox.replay();
      expect(row).toMatchObject({ key: 'ref-vazia', status: 'failed', error: { issues: [{ path: 'referenciaExterna' }] } });
      expect(await outbox.replay()).toEqual([]);
      expect(postsByKey(fake, '/v1/pedidos').size).toBe(0);
    });

    it("a 2xx the client cannot parse ends the row done with the server's body: the caller gets UnexpectedResponseError, and nothing is sent again", async () => {
      const store = await kind.fresh();
      const { fake } = outboxOnFake(store);
      // The server creates the order but answers without its id (a field the schema requires).
      const withoutId: typeof fetch = async (input, init) => {
        const res = await fake.fetch(input, init);
        if (init?.method !== 'POST') return res;
        const { id: _id, ...rest } = (await res.json()) as Record<string, unknown>;
        return new Response(JSON.stringify(rest), { status: res.status, headers: res.headers });
      };
      const client = new PartnerCommerce({ token: OUTBOX_TOKEN, baseUrl: 'https://sandbox.example.test', fetch: withoutId, rateLimit: false, maxRetries: 0, logLevel: 'off' });
      createMirror({ client, store });
      const outbox = createOutbox({ client, store });
      const [body] = pedidoBodies(fake, 1);
      const err = await rejectionOf(outbox.criarPedido(body!, { idempotencyKey: 'sem-id' }));
      expect(err).toBeInstanceOf(UnexpectedResponseError);
      expect((err as UnexpectedResponseError).issues.map((i) => i.path)).toContain('id');
      expect(await outbox.get('sem-id')).toMatchObject({ status: 'done', attempts: 1, response: expect.objectContaining({ status: 'AGUARDANDO_PAGAMENTO' }) });
      expect(await outbox.replay()).toEqual([]);
      await expect(outbox.criarPedido(body!, { idempotencyKey: 'sem-id' })).rejects.toBeInstanceOf(UnexpectedResponseError);
      expect(postsByKey(fake, '/v1/pedidos').get('sem-id')).toBe(1);
      expect(await pedidosDoFake(fake)).toHaveLength(1);
    });

    it('a row of an unknown operation is never sent: it ends failed, naming the operation', async () => {
      const { fake, mirror, outbox } = outboxOnFake(await kind.fresh());
      const store = await mirror.open();
      await savePending(store, ['cancelar-1'], 'etiquetas.cancelar', { id: 'etq_1' });
      await savePending(store, ['proto-1'], 'constructor', { id: 'etq_2' });
      const rows = await outbox.replay();
      expect(rows).toEqual([
        expect.objectContaining({ key: 'cancelar-1', status: 'failed', attempts: 0, error: { message: expect.stringContaining('etiquetas.cancelar') } }),
        expect.objectContaining({ key: 'proto-1', status: 'failed', attempts: 0, error: { message: expect.stringContaining('constructor') } }),
      ]);
      expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
      expect(await outbox.replay()).toEqual([]);
    });
  });
}
