import { rastreioSchema, type Rastreio } from '../../models/rastreio.js';
import type { ApiPromise } from '../../transport/api-promise.js';
import type { RequestOptions } from '../../transport/request-options.js';
import { checkBody } from '../body/checked-body.js';
import { noContent } from '../no-content.js';
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
    return this.transport.call({ operation: 'pedidos.rastreios.adicionar', method: 'POST', route: '/v1/pedidos/{pedidoId}/rastreios', params: { pedidoId }, ...checkBody(body, {}), schema: rastreioSchema(), options });
  }

  /** Removes a tracking code (DELETE /v1/pedidos/{pedidoId}/rastreios/{rastreioId}); refused by the API once validated. */
  remover(pedidoId: string, rastreioId: string, options?: RequestOptions): ApiPromise<void> {
    return this.transport.call({ operation: 'pedidos.rastreios.remover', method: 'DELETE', route: '/v1/pedidos/{pedidoId}/rastreios/{rastreioId}', params: { pedidoId, rastreioId }, schema: noContent(), options });
  }
}
