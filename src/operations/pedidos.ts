import { anexoSchema } from '../models/anexo.js';
import { pedidoSchema } from '../models/pedido.js';
import { despesaSchema, itemPedidoSchema, pedidoValidacaoSchema } from '../models/pedido-operacoes.js';
import { rastreioSchema } from '../models/rastreio.js';
import { despesaAdicionarBodySchema, pedidoCriarBodySchema, rastreioAdicionarBodySchema, valorVendaBodySchema } from '../models/requests/pedido.js';
import type { Operation } from './operation.js';
import { listRow, row, uploadFields } from './row.js';

/** @internal The order rows, with their tracking codes, payment proofs and expenses, by operation: the resource methods call them by name. */
export const PEDIDOS_ROWS = {
  pedidosListar: listRow({
    id: 'pedidos.listar',
    route: '/v1/pedidos',
    source: 'stated',
    summary: 'Lists the orders, page by page.',
    item: pedidoSchema,
  }),
  pedidosObter: row({
    id: 'pedidos.obter',
    method: 'GET',
    route: '/v1/pedidos/{id}',
    source: 'stated',
    summary: 'One order with its result, tracking codes and attachments.',
    response: pedidoSchema,
  }),
  pedidosCriar: row({
    id: 'pedidos.criar',
    method: 'POST',
    route: '/v1/pedidos',
    source: 'stated',
    summary: 'Creates an order; always with an Idempotency-Key.',
    idempotency: true,
    body: pedidoCriarBodySchema,
    response: pedidoSchema,
  }),
  pedidosValidar: row({
    id: 'pedidos.validar',
    method: 'POST',
    route: '/v1/pedidos/validar',
    source: 'stated',
    summary: 'Simulates creating an order: the same checks and errors, nothing stored.',
    // A POST that stores nothing: a simulation, so a read.
    access: 'read',
    body: pedidoCriarBodySchema,
    response: pedidoValidacaoSchema,
  }),
  pedidosDefinirValorVenda: row({
    id: 'pedidos.definirValorVenda',
    method: 'PATCH',
    route: '/v1/pedidos/{pedidoId}/itens/{itemId}/valor-venda',
    source: 'stated',
    summary: 'Sets the sale value of an order item, which labels need for the content declaration.',
    body: valorVendaBodySchema,
    response: itemPedidoSchema,
    fields: () => valorVendaBodySchema().shape,
  }),
  pedidosRastreiosAdicionar: row({
    id: 'pedidos.rastreios.adicionar',
    method: 'POST',
    route: '/v1/pedidos/{pedidoId}/rastreios',
    source: 'inferred',
    summary: 'Adds a tracking code to an order.',
    body: rastreioAdicionarBodySchema,
    response: rastreioSchema,
  }),
  pedidosRastreiosRemover: row({
    id: 'pedidos.rastreios.remover',
    method: 'DELETE',
    route: '/v1/pedidos/{pedidoId}/rastreios/{rastreioId}',
    source: 'inferred',
    summary: 'Removes a tracking code; refused by the API once validated.',
  }),
  pedidosComprovantesEnviar: row({
    id: 'pedidos.comprovantes.enviar',
    method: 'POST',
    route: '/v1/pedidos/{pedidoId}/anexos',
    source: 'inferred',
    summary: 'Uploads a payment proof (PDF, JPEG or PNG) as multipart/form-data.',
    body: 'multipart',
    response: anexoSchema,
    fields: uploadFields,
  }),
  pedidosComprovantesRemover: row({
    id: 'pedidos.comprovantes.remover',
    method: 'DELETE',
    route: '/v1/pedidos/{pedidoId}/anexos/{anexoId}',
    source: 'inferred',
    summary: 'Removes a payment proof; refused by the API once validated.',
  }),
  pedidosDespesasAdicionar: row({
    id: 'pedidos.despesas.adicionar',
    method: 'POST',
    route: '/v1/pedidos/{pedidoId}/despesas',
    source: 'inferred',
    summary: 'Adds an expense to an order.',
    body: despesaAdicionarBodySchema,
    response: despesaSchema,
  }),
  pedidosDespesasRemover: row({
    id: 'pedidos.despesas.remover',
    method: 'DELETE',
    route: '/v1/pedidos/{pedidoId}/despesas/{despesaId}',
    source: 'inferred',
    summary: 'Removes an expense of an order.',
  }),
};

/** @internal The order rows, with their tracking codes, payment proofs and expenses. */
export const PEDIDOS_OPERATIONS: readonly Operation[] = Object.values(PEDIDOS_ROWS);
