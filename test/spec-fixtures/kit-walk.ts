// Calls every operation of docs/endpoints.md once against a fresh kit, in an order that gives each
// one its records, and makes the catalog send its notices: the kit's real answers, which the spec
// fixtures (kit-conformance.test.ts) and the OpenAPI document (test/openapi) both judge.
import { createFakeApi, type FakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { call, criarPedido, disponivel, PDF, PNG, upload, type Answer } from '../testing/helpers.js';

/** What the walk collected: each operation's answer by SDK method (and `erro`), and the notices sent. */
export interface KitWalk {
  readonly fake: FakeApi;
  readonly answers: ReadonlyMap<string, Answer>;
  readonly notices: readonly FakeWebhookEvent[];
}

/** Calls every operation of docs/endpoints.md once, in an order that gives each one its records. */
export async function walkEveryOperation(): Promise<KitWalk> {
  const answers = new Map<string, Answer>();
  const notices: FakeWebhookEvent[] = [];
  const fake = createFakeApi({ rateLimit: false, stockWebhookDelayMs: 0, onWebhook: (e) => void notices.push(e) });
  const take = async (name: string, pending: Promise<Answer>): Promise<Answer> => {
    const a = await pending;
    answers.set(name, a);
    return a;
  };
  const item = await disponivel(fake);
  await take('conta.obter', call(fake, 'GET', '/v1/conta'));
  await take('conta.eu', call(fake, 'GET', '/v1/eu'));
  await take('produtos.listar', call(fake, 'GET', '/v1/produtos?limite=3'));
  await take('produtos.obter', call(fake, 'GET', `/v1/produtos/${item.sku}`));
  await take('produtos.estoque', call(fake, 'GET', `/v1/produtos/${item.sku}/estoque`));
  await take('categorias.listar', call(fake, 'GET', '/v1/categorias?limite=3'));
  await take('numeracoes.listar', call(fake, 'GET', '/v1/numeracoes?limite=3'));
  const cliente = await take('clientes.criar', call(fake, 'POST', '/v1/clientes', { body: { nome: 'Ana Souza', whatsapp: '11999990000' } }));
  await take('clientes.listar', call(fake, 'GET', '/v1/clientes'));
  await take('clientes.obter', call(fake, 'GET', `/v1/clientes/${cliente.json.id}`));
  await take('clientes.atualizar', call(fake, 'PATCH', `/v1/clientes/${cliente.json.id}`, { body: { nome: 'Ana S.' } }));
  await take('clientes.remover', call(fake, 'DELETE', `/v1/clientes/${cliente.json.id}`));
  const itens = [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }];
  await take('pedidos.validar', call(fake, 'POST', '/v1/pedidos/validar', { body: { itens } }));
  const criado = await take('pedidos.criar', criarPedido(fake, { itens, referenciaExterna: 'REF-1' }));
  if (criado.status !== 201) throw new Error(`pedidos.criar answered ${criado.status}: ${JSON.stringify(criado.json)}; the walk needs an order`);
  const pedido = criado.json;
  // The two error codes documented to carry a field beside codigo that an order creation can cause.
  await take('erro.REFERENCIA_EXTERNA_DUPLICADA', criarPedido(fake, { itens, referenciaExterna: 'REF-1' }));
  await take('erro.ITENS_INDISPONIVEIS', criarPedido(fake, { itens: [{ ...itens[0], quantidade: item.estoque + 1 }] }));
  await take('pedidos.listar', call(fake, 'GET', '/v1/pedidos'));
  await take('pedidos.obter', call(fake, 'GET', `/v1/pedidos/${pedido.id}`));
  await take('pedidos.definirValorVenda', call(fake, 'PATCH', `/v1/pedidos/${pedido.id}/itens/${pedido.itens[0].id}/valor-venda`, { body: { valor: '120.00' } }));
  const rastreio = await take('pedidos.rastreios.adicionar', call(fake, 'POST', `/v1/pedidos/${pedido.id}/rastreios`, { body: { codigo: 'AA123456789BR', transportadora: 'Correios' } }));
  await take('sandbox.pedidos.validarRastreio', call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/rastreios/${rastreio.json.id}/validar`));
  const outro = await call(fake, 'POST', `/v1/pedidos/${pedido.id}/rastreios`, { body: { codigo: 'BB123456789BR', transportadora: 'Correios' } });
  await take('pedidos.rastreios.remover', call(fake, 'DELETE', `/v1/pedidos/${pedido.id}/rastreios/${outro.json.id}`));
  const anexo = await take('pedidos.comprovantes.enviar', call(fake, 'POST', `/v1/pedidos/${pedido.id}/anexos`, { body: upload(PDF, 'comprovante.pdf', { tipo: 'COMPROVANTE' }) }));
  await take('pedidos.comprovantes.remover', call(fake, 'DELETE', `/v1/pedidos/${pedido.id}/anexos/${anexo.json.id}`));
  const valido = await call(fake, 'POST', `/v1/pedidos/${pedido.id}/anexos`, { body: upload(PDF, 'comprovante.pdf', { tipo: 'COMPROVANTE' }) });
  await take('sandbox.pedidos.validarComprovante', call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/anexos/${valido.json.id}/validar`));
  const despesa = await take('pedidos.despesas.adicionar', call(fake, 'POST', `/v1/pedidos/${pedido.id}/despesas`, { body: { descricao: 'Frete', valor: '12.50' } }));
  await take('pedidos.despesas.remover', call(fake, 'DELETE', `/v1/pedidos/${pedido.id}/despesas/${despesa.json.id}`));
  await take('sandbox.pedidos.alterarStatus', call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/status`, { body: { status: 'PAGO' } }));
  await take('sandbox.financeiro.criarLancamento', call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '-12.50', descricao: 'Tarifa', pedidoId: pedido.id } }));
  await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '100.00', descricao: 'Bônus' } });
  await take('financeiro.saldo', call(fake, 'GET', '/v1/financeiro/saldo'));
  await take('financeiro.extrato', call(fake, 'GET', '/v1/financeiro/extrato'));
  await take('etiquetas.conexao', call(fake, 'GET', '/v1/label-provider'));
  await take('etiquetas.cotar', call(fake, 'POST', '/v1/etiquetas/cotacoes', { body: { pedidoId: pedido.id } }));
  const etiqueta = await take('etiquetas.emitir', call(fake, 'POST', '/v1/etiquetas', { body: { pedidoId: pedido.id, servicoId: 2 }, headers: { 'Idempotency-Key': 'etq-conformance' } }));
  await take('sandbox.etiquetas.alterarStatus', call(fake, 'POST', `/v1/sandbox/etiquetas/${etiqueta.json.id}/status`, { body: { status: 'IMPRESSA' } }));
  await take('etiquetas.listar', call(fake, 'GET', '/v1/etiquetas'));
  await take('etiquetas.cancelar', call(fake, 'POST', `/v1/etiquetas/${etiqueta.json.id}/cancelar`));
  await take('lojaHub.atualizar', call(fake, 'PATCH', '/v1/loja-hub', { body: { whatsapp: '11999990000', endereco: { cep: '01001000' } } }));
  await take('lojaHub.produtos.adicionar', call(fake, 'POST', '/v1/loja-hub/produtos', { body: { sku: item.sku } }));
  await take('lojaHub.produtos.definirTexto', call(fake, 'PUT', `/v1/loja-hub/produtos/${item.sku}/texto`, { body: { titulo: 'Meu título' } }));
  await take('lojaHub.produtos.listar', call(fake, 'GET', '/v1/loja-hub/produtos'));
  await take('lojaHub.publicar', call(fake, 'POST', '/v1/loja-hub/publicar'));
  await take('lojaHub.obter', call(fake, 'GET', '/v1/loja-hub'));
  await take('lojaHub.despublicar', call(fake, 'POST', '/v1/loja-hub/despublicar'));
  await take('lojaHub.aparencia', call(fake, 'GET', '/v1/loja-hub/aparencia'));
  await take('lojaHub.atualizarAparencia', call(fake, 'PATCH', '/v1/loja-hub/aparencia', { body: { corPrimaria: '#112233' } }));
  await take('lojaHub.enviarLogo', call(fake, 'PUT', '/v1/loja-hub/logo', { body: upload(PNG, 'logo.png') }));
  await take('lojaHub.removerLogo', call(fake, 'DELETE', '/v1/loja-hub/logo'));
  const banner = await take('lojaHub.banners.adicionar', call(fake, 'POST', '/v1/loja-hub/banners', { body: upload(PNG, 'b.png') }));
  await take('lojaHub.banners.listar', call(fake, 'GET', '/v1/loja-hub/banners'));
  await take('lojaHub.banners.remover', call(fake, 'DELETE', `/v1/loja-hub/banners/${banner.json.id}`));
  await take('lojaHub.estatisticas', call(fake, 'GET', '/v1/loja-hub/estatisticas'));
  await take('lojaHub.produtos.remover', call(fake, 'DELETE', `/v1/loja-hub/produtos/${item.sku}`));
  await take('sandbox.produtos.definirEstoque', call(fake, 'PUT', `/v1/sandbox/produtos/${item.sku}/estoque`, { body: { numeracao: item.numeracao, estoque: 7 } }));
  await take('erro', call(fake, 'POST', '/v1/sandbox/pedidos/ped_nada/status', { body: { status: 'FATURADO' } }));
  await take('sandbox.conta.resetar', call(fake, 'POST', '/v1/sandbox/conta/resetar'));
  // Product notices come from the supplier's side: the catalog driver.
  const [a, b] = fake.catalog.skus();
  await fake.catalog.changePrices(a!, { precoAtacado: '99.90' });
  await fake.catalog.changeTitle(a!, 'Tênis Novo');
  await fake.catalog.changeClassification(a!, { tags: [{ id: 'tag_x', nome: 'Promoção' }] });
  await fake.catalog.createProduct();
  await fake.catalog.deactivate(b!);
  await fake.catalog.reactivate(b!);
  await fake.catalog.setStock(a!, fake.catalog.product(a!)!.numeracoes[0]!.numeracao, 3);
  await fake.catalog.batch((c) => {
    void c.changePrices(a!, { precoSugerido: '299.90' });
    void c.setStock(b!, c.product(b!)!.numeracoes[0]!.numeracao, 1);
  });
  await fake.flushWebhooks();
  return { fake, answers, notices };
}
