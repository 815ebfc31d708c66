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
    item: pedidoSchema,
  }),
  pedidosObter: row({
    id: 'pedidos.obter',
    method: 'GET',
    route: '/v1/pedidos/{id}',
    source: 'stated',
    response: pedidoSchema,
  }),
  pedidosCriar: row({
    id: 'pedidos.criar',
    method: 'POST',
    route: '/v1/pedidos',
    source: 'stated',
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
    body: valorVendaBodySchema,
    response: itemPedidoSchema,
    fields: () => valorVendaBodySchema().shape,
  }),
  pedidosRastreiosAdicionar: row({
    id: 'pedidos.rastreios.adicionar',
    method: 'POST',
    route: '/v1/pedidos/{pedidoId}/rastreios',
    source: 'inferred',
    statuses: [200, 201],
    body: rastreioAdicionarBodySchema,
    response: rastreioSchema,
  }),
  pedidosRastreiosRemover: row({
    id: 'pedidos.rastreios.remover',
    method: 'DELETE',
    route: '/v1/pedidos/{pedidoId}/rastreios/{rastreioId}',
    source: 'inferred',
  }),
  pedidosComprovantesEnviar: row({
    id: 'pedidos.comprovantes.enviar',
    method: 'POST',
    route: '/v1/pedidos/{pedidoId}/anexos',
    source: 'inferred',
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
  }),
  pedidosDespesasAdicionar: row({
    id: 'pedidos.despesas.adicionar',
    method: 'POST',
    route: '/v1/pedidos/{pedidoId}/despesas',
    source: 'inferred',
    statuses: [200, 201],
    body: despesaAdicionarBodySchema,
    response: despesaSchema,
  }),
  pedidosDespesasRemover: row({
    id: 'pedidos.despesas.remover',
    method: 'DELETE',
    route: '/v1/pedidos/{pedidoId}/despesas/{despesaId}',
    source: 'inferred',
  }),
};

/** @internal The order rows, with their tracking codes, payment proofs and expenses. */
export const PEDIDOS_OPERATIONS: readonly Operation[] = Object.values(PEDIDOS_ROWS);
