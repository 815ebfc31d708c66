import { Decimal } from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, Money, PartnerCommerce, type Etiquetas, type Financeiro, type Pedidos, type Produtos } from '../../src/index.js';
import { PROD_TOKEN } from '../helpers/scripted-fetch.js';
import { NOVO } from './fixtures.js';
import { mockApi, testCases } from './harness.js';

const api = mockApi();
beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.reset());
afterAll(() => api.server.close());

const lancamento = { valor: '-12.5', descricao: 'Ajuste de teste', pedidoId: 'ped_1' };

describe('client.sandbox', () => {
  testCases(api, [
    {
      nome: 'sandbox.pedidos.alterarStatus',
      call: (c) => c.sandbox.pedidos.alterarStatus('ped_1', 'PAGO'),
      method: 'POST',
      path: '/v1/sandbox/pedidos/ped_1/status',
      body: { status: 'PAGO' },
      result: (v) => {
        expect((v as Pedidos.Pedido).status).toBe('PAGO');
        expect((v as Pedidos.Pedido).total).toBeInstanceOf(Money);
        expect((v as Pedidos.Pedido)['campoNovo']).toEqual(NOVO.campoNovo);
      },
    },
    {
      nome: 'sandbox.pedidos.validarComprovante',
      call: (c) => c.sandbox.pedidos.validarComprovante('ped_1', 'anx_1'),
      method: 'POST',
      path: '/v1/sandbox/pedidos/ped_1/anexos/anx_1/validar',
      result: (v) => expect(v as Pedidos.Anexo).toMatchObject({ id: 'anx_1', validado: true, campoNovo: NOVO.campoNovo }),
    },
    {
      nome: 'sandbox.pedidos.validarRastreio',
      call: (c) => c.sandbox.pedidos.validarRastreio('ped_1', 'ras_1'),
      method: 'POST',
      path: '/v1/sandbox/pedidos/ped_1/rastreios/ras_1/validar',
      result: (v) => expect(v as Pedidos.Rastreio).toMatchObject({ id: 'ras_1', validado: true }),
    },
    {
      nome: 'sandbox.etiquetas.alterarStatus',
      call: (c) => c.sandbox.etiquetas.alterarStatus('etq_1', 'IMPRESSA'),
      method: 'POST',
      path: '/v1/sandbox/etiquetas/etq_1/status',
      body: { status: 'IMPRESSA' },
      result: (v) => {
        expect((v as Etiquetas.Etiqueta).status).toBe('IMPRESSA');
        expect((v as Etiquetas.Etiqueta).valor).toBeInstanceOf(Money);
      },
    },
    {
      nome: 'sandbox.financeiro.criarLancamento',
      call: (c) => c.sandbox.financeiro.criarLancamento(lancamento),
      method: 'POST',
      path: '/v1/sandbox/financeiro/lancamentos',
      body: { valor: '-12.50', descricao: 'Ajuste de teste', pedidoId: 'ped_1' },
      result: (v) => {
        expect((v as Financeiro.Lancamento).valor.equals('-12.5')).toBe(true);
        expect((v as Financeiro.Lancamento)['campoNovo']).toEqual(NOVO.campoNovo);
      },
    },
    {
      nome: 'sandbox.produtos.definirEstoque',
      call: (c) => c.sandbox.produtos.definirEstoque('SKU-1', { numeracao: '38', estoque: 7 }),
      method: 'PUT',
      path: '/v1/sandbox/produtos/SKU-1/estoque',
      body: { numeracao: '38', estoque: 7 },
      result: (v) => expect((v as Produtos.ProdutoEstoque).numeracoes[0]!.estoque).toBe(7),
    },
    { nome: 'sandbox.conta.resetar', call: (c) => c.sandbox.conta.resetar(), method: 'POST', path: '/v1/sandbox/conta/resetar', result: (v) => expect(v).toBeUndefined() },
  ]);
});

const SANDBOX_CALLS: [string, (c: PartnerCommerce) => PromiseLike<unknown>][] = [
  ['sandbox.pedidos.alterarStatus', (c) => c.sandbox.pedidos.alterarStatus('ped_1', 'PAGO')],
  ['sandbox.pedidos.validarComprovante', (c) => c.sandbox.pedidos.validarComprovante('ped_1', 'anx_1')],
  ['sandbox.pedidos.validarRastreio', (c) => c.sandbox.pedidos.validarRastreio('ped_1', 'ras_1')],
  ['sandbox.etiquetas.alterarStatus', (c) => c.sandbox.etiquetas.alterarStatus('etq_1', 'DESPACHADA')],
  ['sandbox.financeiro.criarLancamento', (c) => c.sandbox.financeiro.criarLancamento(lancamento)],
  ['sandbox.produtos.definirEstoque', (c) => c.sandbox.produtos.definirEstoque('SKU-1', { numeracao: '38', estoque: 1 })],
  ['sandbox.conta.resetar', (c) => c.sandbox.conta.resetar()],
];

describe('sandbox simulators with a production token', () => {
  it.each(SANDBOX_CALLS)('%s is refused with InvalidInputError and sends nothing', async (_, call) => {
    const err = await Promise.resolve(call(api.client({ token: PROD_TOKEN }))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues[0]!.path).toBe('token');
    expect(api.seen).toHaveLength(0);
  });
});

describe('simulator bodies refused before sending', () => {
  const cases: [string, (c: PartnerCommerce) => PromiseLike<unknown>, string][] = [
    ['an order status outside the seven', (c) => c.sandbox.pedidos.alterarStatus('ped_1', 'PAGA'), 'status'],
    ['an order status in lower case', (c) => c.sandbox.pedidos.alterarStatus('ped_1', 'pago'), 'status'],
    ['a label status other than IMPRESSA or DESPACHADA', (c) => c.sandbox.etiquetas.alterarStatus('etq_1', 'GERADA' as 'IMPRESSA'), 'status'],
    ['a zero ledger valor', (c) => c.sandbox.financeiro.criarLancamento({ ...lancamento, valor: '0.00' }), 'valor'],
    ['a zero Decimal ledger valor', (c) => c.sandbox.financeiro.criarLancamento({ ...lancamento, valor: new Decimal(0) }), 'valor'],
    ['a ledger valor with three decimals', (c) => c.sandbox.financeiro.criarLancamento({ ...lancamento, valor: 1.005 }), 'valor'],
    ['a ledger valor with a comma', (c) => c.sandbox.financeiro.criarLancamento({ ...lancamento, valor: '12,50' }), 'valor'],
    ['a ledger descricao of 201 characters', (c) => c.sandbox.financeiro.criarLancamento({ ...lancamento, descricao: 'x'.repeat(201) }), 'descricao'],
    ['a missing ledger descricao', (c) => c.sandbox.financeiro.criarLancamento({ valor: '1.00' } as typeof lancamento), 'descricao'],
    ['a ledger pedidoId that is not a string', (c) => c.sandbox.financeiro.criarLancamento({ ...lancamento, pedidoId: 7 as unknown as string }), 'pedidoId'],
    ['a negative stock', (c) => c.sandbox.produtos.definirEstoque('SKU-1', { numeracao: '38', estoque: -1 }), 'estoque'],
    ['a fractional stock', (c) => c.sandbox.produtos.definirEstoque('SKU-1', { numeracao: '38', estoque: 1.5 }), 'estoque'],
    ['a stock given as a string', (c) => c.sandbox.produtos.definirEstoque('SKU-1', { numeracao: '38', estoque: '3' as unknown as number }), 'estoque'],
    ['an empty numeracao', (c) => c.sandbox.produtos.definirEstoque('SKU-1', { numeracao: '', estoque: 3 }), 'numeracao'],
  ];

  it.each(cases)('refuses %s, naming the field', async (_, call, field) => {
    const err = await Promise.resolve(call(api.client())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues.map((i) => i.path)).toEqual([field]);
    expect(api.seen).toHaveLength(0);
  });

  it('names every refused field of one body at once', async () => {
    const err = (await api
      .client()
      .sandbox.financeiro.criarLancamento({ valor: 0, descricao: 'x'.repeat(300) })
      .catch((e: unknown) => e)) as InvalidInputError;
    expect(err.issues.map((i) => i.path)).toEqual(['valor', 'descricao']);
    expect(api.seen).toHaveLength(0);
  });

  it('accepts a descricao of exactly 200 characters, counted as characters not UTF-16 units', async () => {
    await api.client().sandbox.financeiro.criarLancamento({ valor: Money.of(5), descricao: '👟'.repeat(200) });
    expect(JSON.parse(api.seen[0]!.text)).toEqual({ valor: '5.00', descricao: '👟'.repeat(200) });
  });

  it('passes fields it does not know through untouched', async () => {
    await api.client().sandbox.produtos.definirEstoque('SKU-1', { numeracao: '38', estoque: 0, motivo: 'teste' });
    expect(JSON.parse(api.seen[0]!.text)).toEqual({ numeracao: '38', estoque: 0, motivo: 'teste' });
  });
});
