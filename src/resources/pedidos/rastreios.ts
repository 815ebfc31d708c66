import type { Rastreio } from '../../models/rastreio.js';
import { callOperation } from '../../operations/call.js';
import { PEDIDOS_ROWS as rows } from '../../operations/pedidos.js';
import type { ApiPromise } from '../../transport/api-promise.js';
import type { RequestOptions } from '../../transport/request-options.js';
import { Resource } from '../resource.js';

/** Body of {@link PedidoRastreios.adicionar}: the tracking record's `codigo` and `transportadora`; other fields pass through. */
export interface RastreioAdicionarParams {
  /** The tracking code. */
  codigo?: string | undefined;
  /** Carrier name. */
  transportadora?: string | undefined;
  /** Fields the SDK does not type; sent untouched. */
  [campo: string]: unknown;
}

/** Tracking codes of an order (`client.pedidos.rastreios`). */
export class PedidoRastreios extends Resource {
  /** Adds a tracking code to an order (POST /v1/pedidos/{pedidoId}/rastreios); emits pedido.rastreio_adicionado. */
  adicionar(pedidoId: string, body: RastreioAdicionarParams, options?: RequestOptions): ApiPromise<Rastreio> {
    return callOperation(this.transport, rows.pedidosRastreiosAdicionar, { pedidoId, body }, options);
  }

  /** Removes a tracking code (DELETE /v1/pedidos/{pedidoId}/rastreios/{rastreioId}); refused by the API once validated. */
  remover(pedidoId: string, rastreioId: string, options?: RequestOptions): ApiPromise<void> {
    return callOperation(this.transport, rows.pedidosRastreiosRemover, { pedidoId, rastreioId }, options);
  }
}
