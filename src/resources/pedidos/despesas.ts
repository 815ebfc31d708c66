import type { Despesa } from '../../models/pedido-operacoes.js';
import { callOperation } from '../../operations/call.js';
import { PEDIDOS_ROWS as rows } from '../../operations/pedidos.js';
import type { ApiPromise } from '../../transport/api-promise.js';
import type { RequestOptions } from '../../transport/request-options.js';
import { Resource } from '../resource.js';

/**
 * Body of {@link PedidoDespesas.adicionar}. The spec names expense operations but shows no field;
 * every field is sent as given (a {@link Money} value is written in the wire form `"12.50"`).
 */
export interface DespesaAdicionarParams {
  /** Fields of the expense; sent untouched. */
  [campo: string]: unknown;
}

/** Expenses of an order (`client.pedidos.despesas`). */
export class PedidoDespesas extends Resource {
  /** Adds an expense to an order (POST /v1/pedidos/{pedidoId}/despesas). */
  adicionar(pedidoId: string, body: DespesaAdicionarParams, options?: RequestOptions): ApiPromise<Despesa> {
    return callOperation(this.transport, rows.pedidosDespesasAdicionar, { pedidoId, body }, options);
  }

  /** Removes an expense (DELETE /v1/pedidos/{pedidoId}/despesas/{despesaId}). */
  remover(pedidoId: string, despesaId: string, options?: RequestOptions): ApiPromise<void> {
    return callOperation(this.transport, rows.pedidosDespesasRemover, { pedidoId, despesaId }, options);
  }
}
