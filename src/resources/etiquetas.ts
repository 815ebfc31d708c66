import type { ConexaoEtiquetas, CotacaoEtiqueta } from '../models/envio.js';
import type { Etiqueta } from '../models/etiqueta.js';
import { callOperation } from '../operations/call.js';
import { FINANCEIRO_ROWS as rows } from '../operations/financeiro.js';
import type { ListarParams } from '../pagination/list-params.js';
import type { PagePromise } from '../pagination/page-promise.js';
import type { ApiPromise } from '../transport/api-promise.js';
import type { RequestOptions } from '../transport/request-options.js';
import { Resource } from './resource.js';
import type { StatusEtiqueta, PedidoRef } from '../models/index.js';

/** Filters of {@link Etiquetas.listar} (the spec shows none beyond `limite` and `cursor`; extra ones pass through). */
export interface EtiquetaListarParams extends ListarParams {}

/**
 * Body of {@link Etiquetas.cotar}. The spec does not show it; every field is sent as given. The local
 * sandbox reads `{ pedidoId, servicoId? }` and requires `pedidoId` (its rule, not the spec's).
 */
export interface EtiquetaCotarParams {
  /** Id of the order to ship. */
  pedidoId?: string | undefined;
  /** The shipping service: `servico.id` of an option {@link Etiquetas.cotar} offers. */
  servicoId?: number | undefined;
  /** Fields of the quote request; sent untouched. */
  [campo: string]: unknown;
}

/** Body of {@link Etiquetas.emitir}: as {@link EtiquetaCotarParams} (the local sandbox uses the first service when `servicoId` is left out). */
export interface EtiquetaEmitirParams extends EtiquetaCotarParams {}

/** Shipping labels, through the label provider the partner connects. */
export class Etiquetas extends Resource {
  /** State of the connection to the label provider in this environment (GET /v1/label-provider). */
  conexao(options?: RequestOptions): ApiPromise<ConexaoEtiquetas> {
    return callOperation(this.transport, rows.etiquetasConexao, {}, options);
  }

  /** Quotes a label (POST /v1/etiquetas/cotacoes); nothing is issued or paid. */
  cotar(body: EtiquetaCotarParams, options?: RequestOptions): ApiPromise<CotacaoEtiqueta> {
    return callOperation(this.transport, rows.etiquetasCotar, { body }, options);
  }

  /**
   * Issues and pays a label (POST /v1/etiquetas), always with an Idempotency-Key: `options.idempotencyKey`,
   * or a fresh one reused by every retry of this call. Expect LABEL_PROVIDER_NOT_CONNECTED (see
   * {@link Etiquetas.conexao}) and SALE_VALUE_REQUIRED (see `pedidos.definirValorVenda`).
   */
  emitir(body: EtiquetaEmitirParams, options?: RequestOptions): ApiPromise<Etiqueta> {
    return callOperation(this.transport, rows.etiquetasEmitir, { body }, options);
  }

  /** Lists the labels (GET /v1/etiquetas), page by page. */
  listar(params?: EtiquetaListarParams, options?: RequestOptions): PagePromise<Etiqueta> {
    return callOperation(this.transport, rows.etiquetasListar, params, options);
  }

  /**
   * Cancels a label (POST /v1/etiquetas/{id}/cancelar); emits etiqueta.status_alterado. Not retried
   * once it may have reached the server: read the label with {@link Etiquetas.listar} before trying again.
   */
  cancelar(id: string, options?: RequestOptions): ApiPromise<Etiqueta> {
    return callOperation(this.transport, rows.etiquetasCancelar, { id }, options);
  }
}

/** Shipping labels: `client.etiquetas` (this class), its records and parameters. */
export declare namespace Etiquetas {
  export {
    type Etiqueta as Etiqueta,
    type StatusEtiqueta as StatusEtiqueta,
    type PedidoRef as PedidoRef,
    type CotacaoEtiqueta as CotacaoEtiqueta,
    type ConexaoEtiquetas as ConexaoEtiquetas,
    type EtiquetaCotarParams as EtiquetaCotarParams,
    type EtiquetaEmitirParams as EtiquetaEmitirParams,
    type EtiquetaListarParams as EtiquetaListarParams,
  };
}
