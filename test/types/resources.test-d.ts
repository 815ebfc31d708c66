import { describe, expectTypeOf, it } from 'vitest';
import type {
  ApiError,
  ApiPromise,
  ArquivoInput,
  Conta,
  ItemIndisponivel,
  LojaHub,
  Money,
  MoneyInput,
  PagePromise,
  PartnerCommerce,
  PedidoExistente,
  Categorias,
  Changelog,
  Clientes,
  Etiquetas,
  Financeiro,
  Numeracoes,
  Pedidos,
  Produtos,
  Sandbox,
} from '../../src/index.js';
import { fetchChangelog } from '../../src/index.js';

declare const client: PartnerCommerce;

describe('resource results', () => {
  it('pedidos.obter gives a Pedidos.Pedido with total as Money and unknown fields reachable', async () => {
    expectTypeOf(client.pedidos.obter('p')).toEqualTypeOf<ApiPromise<Pedidos.Pedido>>();
    const pedido = await client.pedidos.obter('p');
    expectTypeOf(pedido.total).toEqualTypeOf<Money>();
    expectTypeOf(pedido.status).toEqualTypeOf<Pedidos.StatusPedido>();
    expectTypeOf(pedido['campoNovo']).toEqualTypeOf<unknown>();
    expectTypeOf(pedido.rastreios).toEqualTypeOf<Pedidos.Rastreio[] | undefined>();
  });

  it('creation and simulator calls give the shared records', () => {
    expectTypeOf(client.pedidos.criar({})).toEqualTypeOf<ApiPromise<Pedidos.Pedido>>();
    expectTypeOf(client.etiquetas.emitir({})).toEqualTypeOf<ApiPromise<Etiquetas.Etiqueta>>();
    expectTypeOf(client.etiquetas.cancelar('e')).toEqualTypeOf<ApiPromise<Etiquetas.Etiqueta>>();
    expectTypeOf(client.pedidos.rastreios.adicionar('p', { codigo: 'x' })).toEqualTypeOf<ApiPromise<Pedidos.Rastreio>>();
    expectTypeOf(client.pedidos.comprovantes.enviar('p', new Uint8Array())).toEqualTypeOf<ApiPromise<Pedidos.Anexo>>();
    expectTypeOf(client.sandbox.pedidos.alterarStatus('p', 'PAGO')).toEqualTypeOf<ApiPromise<Pedidos.Pedido>>();
    expectTypeOf(client.sandbox.financeiro.criarLancamento({ valor: '1.00', descricao: 'x' })).toEqualTypeOf<ApiPromise<Financeiro.Lancamento>>();
    expectTypeOf(client.sandbox.produtos.definirEstoque('s', { numeracao: '38', estoque: 1 })).toEqualTypeOf<ApiPromise<Produtos.ProdutoEstoque>>();
    expectTypeOf(client.sandbox.conta.resetar()).toEqualTypeOf<ApiPromise<void>>();
    expectTypeOf(client.clientes.remover('c')).toEqualTypeOf<ApiPromise<void>>();
  });

  it('records the spec does not show are open, with only the named fields typed', async () => {
    const conta: Conta = await client.conta.obter();
    expectTypeOf(conta.fichaCompleta).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(conta['razaoSocial']).toEqualTypeOf<unknown>();
    const loja: LojaHub = await client.lojaHub.obter();
    expectTypeOf(loja.publicacao).toEqualTypeOf<unknown>();
    const cliente: Clientes.Cliente = await client.clientes.obter('c');
    expectTypeOf(cliente.id).toEqualTypeOf<string>();
    expectTypeOf(cliente.nome).toEqualTypeOf<string | null | undefined>();
    expectTypeOf((await client.financeiro.saldo()).saldo).toEqualTypeOf<Money | null | undefined>();
  });

  it('every list gives a PagePromise of its item', () => {
    expectTypeOf(client.pedidos.listar()).toEqualTypeOf<PagePromise<Pedidos.Pedido>>();
    expectTypeOf(client.clientes.listar()).toEqualTypeOf<PagePromise<Clientes.Cliente>>();
    expectTypeOf(client.financeiro.extrato()).toEqualTypeOf<PagePromise<Financeiro.Lancamento>>();
    expectTypeOf(client.etiquetas.listar()).toEqualTypeOf<PagePromise<Etiquetas.Etiqueta>>();
    expectTypeOf(client.categorias.listar()).toEqualTypeOf<PagePromise<Categorias.Categoria>>();
    expectTypeOf(client.numeracoes.listar()).toEqualTypeOf<PagePromise<Numeracoes.Numeracao>>();
  });
});

describe('resource parameters', () => {
  it('sandbox alterarStatus takes a Pedidos.StatusPedido for orders and IMPRESSA | DESPACHADA for labels', () => {
    expectTypeOf(client.sandbox.pedidos.alterarStatus).parameter(1).toEqualTypeOf<Pedidos.StatusPedido>();
    expectTypeOf(client.sandbox.etiquetas.alterarStatus).parameter(1).toEqualTypeOf<Sandbox.StatusEtiquetaSimulavel>();
    expectTypeOf<Sandbox.StatusEtiquetaSimulavel>().toEqualTypeOf<'IMPRESSA' | 'DESPACHADA'>();
    // @ts-expect-error GERADA cannot be simulated
    void client.sandbox.etiquetas.alterarStatus('e', 'GERADA');
  });

  it('money inputs take MoneyInput and bodies let extra fields through', () => {
    expectTypeOf(client.pedidos.definirValorVenda).parameter(2).toEqualTypeOf<MoneyInput>();
    void client.sandbox.financeiro.criarLancamento({ valor: 10, descricao: 'x', pedidoId: 'p', extra: { a: 1 } });
    void client.pedidos.criar({ referenciaExterna: 'r', campoQueOSdkNaoConhece: true });
    // @ts-expect-error descricao is required
    void client.sandbox.financeiro.criarLancamento({ valor: 10 });
    // @ts-expect-error estoque is a number
    void client.sandbox.produtos.definirEstoque('s', { numeracao: '38', estoque: '3' });
  });

  it("an order's items are typed as the local sandbox reads them, and stay open", () => {
    void client.pedidos.criar({ itens: [{ sku: 'TEN-001', numeracao: '38', quantidade: 2, observacao: 'extra' }] });
    expectTypeOf<NonNullable<Pedidos.PedidoCriarParams['itens']>[number]>().toEqualTypeOf<Pedidos.PedidoItemParams>();
    // @ts-expect-error quantidade is a number of pairs
    void client.pedidos.criar({ itens: [{ sku: 'TEN-001', numeracao: '38', quantidade: '2' }] });
    // @ts-expect-error numeracao is a string, as the catalog's numeracoes give it
    void client.pedidos.validar({ itens: [{ sku: 'TEN-001', numeracao: 38 }] });
  });

  it('uploads take a Blob, bytes or a path', () => {
    expectTypeOf<Blob>().toMatchTypeOf<ArquivoInput>();
    expectTypeOf<Buffer>().toMatchTypeOf<ArquivoInput>();
    expectTypeOf<string>().toMatchTypeOf<ArquivoInput>();
    // @ts-expect-error a number is not a file
    void client.pedidos.comprovantes.enviar('p', 42);
  });
});

describe('errors of pedidos.criar', () => {
  it('narrow to itens and pedido by codigo', (e: ApiError) => {
    if (e.codigo === 'ITENS_INDISPONIVEIS') expectTypeOf(e.itens).toEqualTypeOf<readonly ItemIndisponivel[]>();
    if (e.codigo === 'REFERENCIA_EXTERNA_DUPLICADA') expectTypeOf(e.pedido).toEqualTypeOf<PedidoExistente>();
  });
});

describe('fetchChangelog', () => {
  it('gives the changelog and the changes to act on', () => {
    expectTypeOf(fetchChangelog('https://docs')).toEqualTypeOf<Promise<Changelog.ChangelogReport>>();
    expectTypeOf<Changelog.ChangelogAction['versao']>().toEqualTypeOf<string>();
    expectTypeOf<Changelog.ChangelogAction['acao']>().toEqualTypeOf<string | null>();
  });
});
