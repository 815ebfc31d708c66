// Small valid records of the spec's shapes, each with a field the SDK does not know (`campoNovo`), and
// the answer the catch-all msw handler gives for each route.

export const TS = '2026-11-20T10:00:00-03:00';
export const NOVO = { campoNovo: { qualquer: 1 } };

export const PEDIDO = {
  id: 'ped_1',
  numero: 1001,
  status: 'AGUARDANDO_PAGAMENTO',
  total: '259.80',
  origem: 'API',
  referenciaExterna: 'REF-1',
  enviarPara: 'CLIENTE',
  criadoEm: TS,
  atualizadoEm: TS,
  ...NOVO,
};
export const RASTREIO = { id: 'ras_1', codigo: 'BR123', transportadora: 'Correios', validado: false, cadastradoPeloParceiro: true, criadoEm: TS, ...NOVO };
export const ANEXO = {
  id: 'anx_1',
  tipo: 'COMPROVANTE',
  nomeArquivo: 'comprovante.pdf',
  tipoArquivo: 'application/pdf',
  tamanhoBytes: 321,
  validado: false,
  enviadoPeloParceiro: true,
  criadoEm: TS,
  ...NOVO,
};
export const PEDIDO_DETALHE = { ...PEDIDO, rastreios: [RASTREIO], anexos: [ANEXO], itens: [{ id: 'item_1', sku: 'SKU-1', quantidade: 2 }] };
export const ETIQUETA = {
  id: 'etq_1',
  pedido: { id: 'ped_1', numero: 1001 },
  servico: { id: 3, nome: 'PAC' },
  transportadora: 'Correios',
  valor: '23.45',
  status: 'GERADA',
  rastreio: 'BR123',
  emitidaEm: TS,
  impressaEm: null,
  despachadaEm: null,
  canceladaEm: null,
  atualizadoEm: TS,
  ...NOVO,
};
export const LANCAMENTO = { id: 'lan_1', tipo: 'CREDITO', valor: '-12.50', descricao: 'Ajuste', pedido: { id: 'ped_1', numero: 1001 }, criadoEm: TS, ...NOVO };
export const CLIENTE = { id: 'cli_1', nome: 'Ana', criadoEm: TS, atualizadoEm: TS, whatsapp: '5511999999999', endereco: { cep: '01001000', rua: 'Praça da Sé' }, ...NOVO };
export const PRODUTO_ESTOQUE = { sku: 'SKU-1', ativo: true, numeracoes: [{ numeracao: '38', skuVariacao: 'SKU-1-38', estoque: 7 }], atualizadoEm: TS, ...NOVO };
/** A record whose shape the spec does not show. */
export const ABERTO = { id: 'reg_1', ...NOVO };
export const CONTA = { fichaCompleta: true, ...NOVO };
export const LOJA_HUB = { publicacao: { pronta: false, faltando: ['whatsapp'] }, ...NOVO };

/** A one-page list envelope. */
export function pagina(item: unknown) {
  return { dados: [item], paginacao: { proximoCursor: null, temMais: false } };
}

type Route = readonly [method: string, path: RegExp, status: number, body: unknown];
const ID = '[^/]+';
const r = (method: string, path: string, status: number, body: unknown): Route => [method, new RegExp(`^${path.replaceAll('{id}', ID)}$`), status, body];

const ROUTES: readonly Route[] = [
  r('GET', '/v1/conta', 200, CONTA),
  r('GET', '/v1/eu', 200, { integracao: { id: 'int_1', nome: 'ERP' }, ...NOVO }),
  r('GET', '/v1/categorias', 200, pagina({ id: 'cat_1', nome: 'Tênis', ...NOVO })),
  r('GET', '/v1/numeracoes', 200, pagina({ numeracao: '38', ...NOVO })),
  r('GET', '/v1/clientes', 200, pagina(CLIENTE)),
  r('POST', '/v1/clientes', 201, CLIENTE),
  r('GET', '/v1/clientes/{id}', 200, CLIENTE),
  r('PATCH', '/v1/clientes/{id}', 200, CLIENTE),
  r('DELETE', '/v1/clientes/{id}', 204, null),
  r('GET', '/v1/pedidos', 200, pagina(PEDIDO)),
  r('POST', '/v1/pedidos', 201, PEDIDO),
  r('POST', '/v1/pedidos/validar', 200, ABERTO),
  r('GET', '/v1/pedidos/{id}', 200, PEDIDO_DETALHE),
  r('PATCH', '/v1/pedidos/{id}/itens/{id}/valor-venda', 200, { id: 'item_1', valorVenda: '129.90', ...NOVO }),
  r('POST', '/v1/pedidos/{id}/rastreios', 201, RASTREIO),
  r('DELETE', '/v1/pedidos/{id}/rastreios/{id}', 204, null),
  r('POST', '/v1/pedidos/{id}/anexos', 201, ANEXO),
  r('DELETE', '/v1/pedidos/{id}/anexos/{id}', 204, null),
  r('POST', '/v1/pedidos/{id}/despesas', 201, ABERTO),
  r('DELETE', '/v1/pedidos/{id}/despesas/{id}', 204, null),
  r('GET', '/v1/financeiro/saldo', 200, { disponivel: '10.00', ...NOVO }),
  r('GET', '/v1/financeiro/extrato', 200, pagina(LANCAMENTO)),
  r('GET', '/v1/label-provider', 200, { conectado: true, ...NOVO }),
  r('POST', '/v1/etiquetas/cotacoes', 200, ABERTO),
  r('POST', '/v1/etiquetas', 201, ETIQUETA),
  r('GET', '/v1/etiquetas', 200, pagina(ETIQUETA)),
  r('POST', '/v1/etiquetas/{id}/cancelar', 200, { ...ETIQUETA, status: 'CANCELADA', canceladaEm: TS }),
  r('GET', '/v1/loja-hub', 200, LOJA_HUB),
  r('PATCH', '/v1/loja-hub', 200, LOJA_HUB),
  r('POST', '/v1/loja-hub/(publicar|despublicar)', 200, LOJA_HUB),
  r('GET', '/v1/loja-hub/estatisticas', 200, ABERTO),
  r('(GET|PATCH)', '/v1/loja-hub/aparencia', 200, ABERTO),
  r('PUT', '/v1/loja-hub/logo', 200, ABERTO),
  r('DELETE', '/v1/loja-hub/logo', 204, null),
  r('GET', '/v1/loja-hub/produtos', 200, pagina(ABERTO)),
  r('POST', '/v1/loja-hub/produtos', 201, ABERTO),
  r('DELETE', '/v1/loja-hub/produtos/{id}', 204, null),
  r('PUT', '/v1/loja-hub/produtos/{id}/texto', 200, ABERTO),
  r('GET', '/v1/loja-hub/banners', 200, pagina(ABERTO)),
  r('POST', '/v1/loja-hub/banners', 201, ABERTO),
  r('DELETE', '/v1/loja-hub/banners/{id}', 204, null),
  r('POST', '/v1/sandbox/pedidos/{id}/status', 200, { ...PEDIDO_DETALHE, status: 'PAGO' }),
  r('POST', '/v1/sandbox/pedidos/{id}/anexos/{id}/validar', 200, { ...ANEXO, validado: true }),
  r('POST', '/v1/sandbox/pedidos/{id}/rastreios/{id}/validar', 200, { ...RASTREIO, validado: true }),
  r('POST', '/v1/sandbox/etiquetas/{id}/status', 200, { ...ETIQUETA, status: 'IMPRESSA', impressaEm: TS }),
  r('POST', '/v1/sandbox/financeiro/lancamentos', 201, LANCAMENTO),
  r('PUT', '/v1/sandbox/produtos/{id}/estoque', 200, PRODUTO_ESTOQUE),
  r('POST', '/v1/sandbox/conta/resetar', 204, null),
];

/** The answer of the fake API for a route: a valid body, or 404 ROTA_NAO_ENCONTRADA for a route it does not know. */
export function defaultAnswer(method: string, pathname: string): Response {
  const route = ROUTES.find(([m, path]) => new RegExp(`^${m}$`).test(method) && path.test(pathname));
  if (!route) return errorAnswer(404, 'ROTA_NAO_ENCONTRADA');
  const [, , status, body] = route;
  return status === 204 ? new Response(null, { status, headers: { 'x-request-id': 'req_ok' } }) : jsonAnswer(status, body);
}

/** A JSON answer with the headers the API always sends. */
export function jsonAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-request-id': 'req_ok' } });
}

/** An error answer in the API's format. */
export function errorAnswer(status: number, codigo: string, extra: Record<string, unknown> = {}): Response {
  const erro = { codigo, mensagem: `mensagem de ${codigo}`, detalhes: [], requestId: 'req_err', doc: `https://docs.example.test/erros#${codigo}`, ...extra };
  return new Response(JSON.stringify({ erro }), { status, headers: { 'content-type': 'application/json', 'x-request-id': 'req_err' } });
}
