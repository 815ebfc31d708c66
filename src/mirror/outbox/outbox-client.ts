import type { Etiqueta } from '../../models/etiqueta.js';
import type { Pedido } from '../../models/pedido.js';
import type { EtiquetaEmitirParams } from '../../resources/etiquetas.js';
import type { PedidoCriarParams } from '../../resources/pedidos.js';
import type { RequestOptions } from '../../transport/request-options.js';

/** What the outbox needs of the client: order creation and label issue. A `PartnerCommerce` fits. */
export interface OutboxClient {
  /** Orders. */
  pedidos: {
    /** POST /v1/pedidos. */
    criar(body: PedidoCriarParams, options?: RequestOptions): PromiseLike<Pedido>;
  };
  /** Labels. */
  etiquetas: {
    /** Issues a label. */
    emitir(body: EtiquetaEmitirParams, options?: RequestOptions): PromiseLike<Etiqueta>;
  };
}

/** The creation calls the outbox makes durable. */
export type OutboxOperation = 'pedidos.criar' | 'etiquetas.emitir';
