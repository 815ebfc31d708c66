import { Decimal } from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, InvalidInputError, Money, type Page, type Pedidos } from '../../src/index.js';
import { NOVO, PEDIDO, RASTREIO, errorAnswer, jsonAnswer } from './fixtures.js';
import { mockApi, testCases } from './harness.js';

const api = mockApi();
beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.reset());
afterAll(() => api.server.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const corpo: Pedidos.PedidoCriarParams = {
  referenciaExterna: 'REF-1',
  enviarPara: 'CLIENTE',
  itens: [
    { sku: 'SKU-1', numeracao: '38', quantidade: 2 },
    { sku: 'SKU-2', numeracao: '40', quantidade: 1 },
  ],
  cliente: { id: 'cli_1' },
};

function isPedido(v: unknown): void {
  const pedido = v as Pedidos.Pedido;
  expect(pedido.id).toBe('ped_1');
  expect(pedido.total).toBeInstanceOf(Money);
  expect(pedido.total.toString()).toBe('259.80');
  expect(pedido['campoNovo']).toEqual(NOVO.campoNovo);
}

describe('client.pedidos', () => {
  testCases(api, [
    {
      nome: 'pedidos.listar',
      call: (c) => c.pedidos.listar({ limite: 100, status: 'PAGO' }),
      method: 'GET',
      path: '/v1/pedidos',
      query: { limite: '100', status: 'PAGO' },
      result: (v) => isPedido((v as Page<Pedidos.Pedido>).dados[0]),
    },
    {
      nome: 'pedidos.obter',
      call: (c) => c.pedidos.obter('ped_1'),
      method: 'GET',
      path: '/v1/pedidos/ped_1',
      result: (v) => {
        isPedido(v);
        expect((v as Pedidos.Pedido).rastreios?.[0]?.codigo).toBe(RASTREIO.codigo);
        expect((v as Pedidos.Pedido).anexos?.[0]?.['campoNovo']).toEqual(NOVO.campoNovo);
      },
    },
    { nome: 'pedidos.criar', call: (c) => c.pedidos.criar(corpo), method: 'POST', path: '/v1/pedidos', body: corpo, result: isPedido },
    {
      nome: 'pedidos.validar',
      call: (c) => c.pedidos.validar(corpo),
      method: 'POST',
      path: '/v1/pedidos/validar',
      body: corpo,
      result: (v) => expect((v as Pedidos.PedidoValidacao)['campoNovo']).toEqual(NOVO.campoNovo),
    },
    {
      nome: 'pedidos.definirValorVenda',
      call: (c) => c.pedidos.definirValorVenda('ped_1', 'item_1', 129.9),
      method: 'PATCH',
      path: '/v1/pedidos/ped_1/itens/item_1/valor-venda',
      body: { valor: '129.90' },
      result: (v) => expect(String((v as Pedidos.ItemPedido).valorVenda)).toBe('129.90'),
    },
    {
      nome: 'pedidos.rastreios.adicionar',
      call: (c) => c.pedidos.rastreios.adicionar('ped_1', { codigo: 'BR123', transportadora: 'Correios', observacao: 'x' }),
      method: 'POST',
      path: '/v1/pedidos/ped_1/rastreios',
      body: { codigo: 'BR123', transportadora: 'Correios', observacao: 'x' },
      result: (v) => expect(v as Pedidos.Rastreio).toEqual(RASTREIO),
    },
    {
      nome: 'pedidos.rastreios.remover',
      call: (c) => c.pedidos.rastreios.remover('ped_1', 'ras_1'),
      method: 'DELETE',
      path: '/v1/pedidos/ped_1/rastreios/ras_1',
      result: (v) => expect(v).toBeUndefined(),
    },
    {
      nome: 'pedidos.comprovantes.remover',
      call: (c) => c.pedidos.comprovantes.remover('ped_1', 'anx_1'),
      method: 'DELETE',
      path: '/v1/pedidos/ped_1/anexos/anx_1',
      result: (v) => expect(v).toBeUndefined(),
    },
    {
      nome: 'pedidos.despesas.adicionar',
      call: (c) => c.pedidos.despesas.adicionar('ped_1', { descricao: 'Frete', valor: Money.of('15.5') }),
      method: 'POST',
      path: '/v1/pedidos/ped_1/despesas',
      body: { descricao: 'Frete', valor: '15.50' },
      result: (v) => expect((v as Pedidos.Despesa)['campoNovo']).toEqual(NOVO.campoNovo),
    },
    {
      nome: 'pedidos.despesas.remover',
      call: (c) => c.pedidos.despesas.remover('ped_1', 'des_1'),
      method: 'DELETE',
      path: '/v1/pedidos/ped_1/despesas/des_1',
      result: (v) => expect(v).toBeUndefined(),
    },
  ]);
});

describe('pedidos.criar and Idempotency-Key', () => {
  it('sends a fresh random Idempotency-Key when the caller gives none, a different one per call', async () => {
    const client = api.client();
    await client.pedidos.criar(corpo);
    await client.pedidos.criar(corpo);
    const keys = api.seen.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("sends the caller's idempotencyKey and exposes it on the result metadata", async () => {
    const { meta } = await api.client().pedidos.criar(corpo, { idempotencyKey: 'pedido-REF-1' }).withMeta();
    expect(api.seen[0]!.headers.get('idempotency-key')).toBe('pedido-REF-1');
    expect(meta.idempotencyKey).toBe('pedido-REF-1');
  });

  it('reuses the same key when it retries after a 503', async () => {
    api.answer((_, n) => (n === 1 ? errorAnswer(503, 'SERVICO_INDISPONIVEL') : jsonAnswer(201, PEDIDO)));
    await api.client().pedidos.criar(corpo);
    expect(api.seen).toHaveLength(2);
    expect(api.seen[1]!.headers.get('idempotency-key')).toBe(api.seen[0]!.headers.get('idempotency-key'));
  });

  it('validar sends no Idempotency-Key', async () => {
    await api.client().pedidos.validar(corpo);
    expect(api.seen[0]!.headers.get('idempotency-key')).toBeNull();
  });
});

describe('pedidos.criar errors', () => {
  it('ITENS_INDISPONIVEIS gives itens whose indice points into the body that was sent', async () => {
    api.answer(() => errorAnswer(422, 'ITENS_INDISPONIVEIS', { itens: [{ indice: 1, motivo: 'SEM_ESTOQUE', disponivel: 0 }] }));
    const err = await api
      .client()
      .pedidos.criar(corpo)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    if (e.codigo !== 'ITENS_INDISPONIVEIS') throw new Error(`unexpected ${e.codigo}`);
    const item = e.itens[0]!;
    expect(item).toEqual({ indice: 1, motivo: 'SEM_ESTOQUE', disponivel: 0 });
    expect(corpo.itens?.[item.indice]).toMatchObject({ sku: 'SKU-2' });
    expect(api.seen).toHaveLength(1);
  });

  it('REFERENCIA_EXTERNA_DUPLICADA gives the existing pedido and is not retried', async () => {
    api.answer(() => errorAnswer(409, 'REFERENCIA_EXTERNA_DUPLICADA', { pedido: { id: 'ped_9', numero: 990 } }));
    const err = await api
      .client()
      .pedidos.criar(corpo)
      .catch((e: unknown) => e);
    const e = err as ApiError;
    if (e.codigo !== 'REFERENCIA_EXTERNA_DUPLICADA') throw new Error(`unexpected ${String(e.codigo)}`);
    expect(e.pedido.id).toBe('ped_9');
    expect(e.status).toBe(409);
    expect(api.seen).toHaveLength(1);
  });
});

describe('order bodies refused before sending', () => {
  it.each([
    ['an empty referenciaExterna', { ...corpo, referenciaExterna: '' }],
    ['a referenciaExterna that is not a string', { ...corpo, referenciaExterna: 42 }],
  ])('pedidos.criar refuses %s, naming the field', async (_, body) => {
    const err = await api
      .client()
      .pedidos.criar(body as Pedidos.PedidoCriarParams)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues.map((i) => i.path)).toEqual(['referenciaExterna']);
    expect(api.seen).toHaveLength(0);
  });

  it('pedidos.validar applies the same rule', async () => {
    await expect(api.client().pedidos.validar({ referenciaExterna: '' })).rejects.toMatchObject({ name: 'InvalidInputError', issues: [{ path: 'referenciaExterna' }] });
    expect(api.seen).toHaveLength(0);
  });

  it('pedidos.criar sends an order without referenciaExterna', async () => {
    await api.client().pedidos.criar({ itens: [] });
    expect(JSON.parse(api.seen[0]!.text)).toEqual({ itens: [] });
  });

  it.each([
    ['0.1 + 0.2', 0.1 + 0.2],
    ['"12,50"', '12,50'],
    ['NaN', Number.NaN],
    ['null', null],
  ])('definirValorVenda refuses %s as valor', async (_, valor) => {
    const err = await api
      .client()
      .pedidos.definirValorVenda('ped_1', 'item_1', valor as number)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues.map((i) => i.path)).toEqual(['valor']);
    expect(api.seen).toHaveLength(0);
  });

  it.each([
    ['a Money', Money.of('10.5'), '10.50'],
    ['a Decimal', new Decimal('7'), '7.00'],
    ['a money string', '-3.1', '-3.10'],
    ['a number', 12, '12.00'],
  ])('definirValorVenda sends %s in the two-decimal wire form', async (_, valor, wire) => {
    await api.client().pedidos.definirValorVenda('ped_1', 'item_1', valor);
    expect(JSON.parse(api.seen[0]!.text)).toEqual({ valor: wire });
  });
});

describe('order path parameters', () => {
  it('are refused before sending when empty or a dot segment, naming the parameter', async () => {
    const client = api.client();
    await expect(client.pedidos.obter('..')).rejects.toMatchObject({ issues: [{ path: 'id' }] });
    await expect(client.pedidos.rastreios.remover('ped_1', '')).rejects.toMatchObject({ issues: [{ path: 'rastreioId' }] });
    await expect(client.pedidos.definirValorVenda('ped_1', '.', 1)).rejects.toMatchObject({ issues: [{ path: 'itemId' }] });
    expect(api.seen).toHaveLength(0);
  });
});
