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
    description: "Lists the partner's orders, page by page. Needs the `pedidos:ler` permission.",
    item: pedidoSchema,
  }),
  pedidosObter: row({
    id: 'pedidos.obter',
    method: 'GET',
    route: '/v1/pedidos/{id}',
    source: 'stated',
    summary: 'One order with its result, tracking codes and attachments.',
    description: 'Reads one order with its items (each with the `id` the sale-value operation takes), customer, tracking codes, attachments and expenses. An unknown order answers 404 NAO_ENCONTRADO.',
    response: pedidoSchema,
  }),
  pedidosCriar: row({
    id: 'pedidos.criar',
    method: 'POST',
    route: '/v1/pedidos',
    source: 'stated',
    summary: 'Creates an order; always with an Idempotency-Key.',
    description: 'Creates an order from its items; the Idempotency-Key is required and a repeated key with the same body answers the first result. Answers 422 ITENS_INDISPONIVEIS (with `itens`) when an item cannot be sold now and 409 REFERENCIA_EXTERNA_DUPLICADA (with `pedido`) when the reference exists: do not retry either.',
    statuses: [200, 201],
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
    description: 'Runs every check of order creation without creating anything, with the same errors (ITENS_INDISPONIVEIS, PROFILE_INCOMPLETE, VALIDACAO) and the total the order would have.',
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
    description: "Sets the price the partner sells an order item for, which a label's content declaration needs (else 400 SALE_VALUE_REQUIRED on labels). `itemId` is the `id` of one of the order's `itens`.",
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
    description: 'Adds a tracking code to an order, registered by the partner. The local sandbox answers 409 CONFLITO for a code already on the order.',
    statuses: [200, 201],
    body: rastreioAdicionarBodySchema,
    response: rastreioSchema,
  }),
  pedidosRastreiosRemover: row({
    id: 'pedidos.rastreios.remover',
    method: 'DELETE',
    route: '/v1/pedidos/{pedidoId}/rastreios/{rastreioId}',
    source: 'inferred',
    summary: 'Removes a tracking code; refused by the API once validated.',
    description: 'Removes a tracking code the partner added. Once validated it can no longer be removed (the local sandbox answers 409 CONFLITO).',
  }),
  pedidosComprovantesEnviar: row({
    id: 'pedidos.comprovantes.enviar',
    method: 'POST',
    route: '/v1/pedidos/{pedidoId}/anexos',
    source: 'inferred',
    summary: 'Uploads a payment proof (PDF, JPEG or PNG) as multipart/form-data.',
    description: 'Uploads a payment proof (PDF, JPEG or PNG, checked from the content) in the multipart part `arquivo`. A PDF with script, an embedded file, a form or a password answers 400 VALIDACAO; an order with a validated proof accepts no other.',
    statuses: [200, 201],
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
    description: 'Removes a payment proof. Once validated it can no longer be removed (the local sandbox answers 409 CONFLITO).',
  }),
  pedidosDespesasAdicionar: row({
    id: 'pedidos.despesas.adicionar',
    method: 'POST',
    route: '/v1/pedidos/{pedidoId}/despesas',
    source: 'inferred',
    summary: 'Adds an expense to an order.',
    description: 'Adds an expense (description and amount) to an order. Invalid fields answer 400 VALIDACAO.',
    statuses: [200, 201],
    body: despesaAdicionarBodySchema,
    response: despesaSchema,
  }),
  pedidosDespesasRemover: row({
    id: 'pedidos.despesas.remover',
    method: 'DELETE',
    route: '/v1/pedidos/{pedidoId}/despesas/{despesaId}',
    source: 'inferred',
    summary: 'Removes an expense of an order.',
    description: 'Removes an expense of an order. Answers 204 with no body.',
  }),
};

/** @internal The order rows, with their tracking codes, payment proofs and expenses. */
export const PEDIDOS_OPERATIONS: readonly Operation[] = Object.values(PEDIDOS_ROWS);
