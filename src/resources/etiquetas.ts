import { conexaoEtiquetasSchema, cotacaoEtiquetaSchema, type ConexaoEtiquetas, type CotacaoEtiqueta } from '../models/envio.js';
import { etiquetaSchema, type Etiqueta } from '../models/etiqueta.js';
import type { ListarParams } from '../pagination/list-params.js';
import { paginate } from '../pagination/paginate.js';
import type { PagePromise } from '../pagination/page-promise.js';
import type { ApiPromise } from '../transport/api-promise.js';
import type { RequestOptions } from '../transport/request-options.js';
import { checkBody } from './body/checked-body.js';
import type { Rule } from './body/rules.js';
import { Resource } from './resource.js';

/** Filters of {@link Etiquetas.listar} (the spec shows none beyond `limite` and `cursor`; extra ones pass through). */
export interface EtiquetaListarParams extends ListarParams {}

/** Body of {@link Etiquetas.cotar}. The spec does not show it; every field is sent as given. */
export interface EtiquetaCotarParams {
  /** Fields of the quote request; sent untouched. */
  [campo: string]: unknown;
}

/** Body of {@link Etiquetas.emitir}. The spec does not show it; every field is sent as given. */
export interface EtiquetaEmitirParams {
  /** Fields of the label to issue; sent untouched. */
  [campo: string]: unknown;
}

/**
 * @internal What a label body must pass before it is sent: no field is named (the spec shows none), so
 * only that it is an object. Exported for the mirror's outbox, which checks it before saving a row.
 */
export const LABEL_RULES: Readonly<Record<string, Rule>> = {};

/** Shipping labels, through the label provider the partner connects. */
export class Etiquetas extends Resource {
  /** State of the connection to the label provider in this environment (GET /v1/label-provider). */
  conexao(options?: RequestOptions): ApiPromise<ConexaoEtiquetas> {
    return this.transport.call({ operation: 'etiquetas.conexao', method: 'GET', route: '/v1/label-provider', schema: conexaoEtiquetasSchema(), options });
  }

  /** Quotes a label (POST /v1/etiquetas/cotacoes); nothing is issued or paid. */
  cotar(body: EtiquetaCotarParams, options?: RequestOptions): ApiPromise<CotacaoEtiqueta> {
    return this.transport.call({ operation: 'etiquetas.cotar', method: 'POST', route: '/v1/etiquetas/cotacoes', ...checkBody(body, {}), schema: cotacaoEtiquetaSchema(), options });
  }

  /**
   * Issues and pays a label (POST /v1/etiquetas), always with an Idempotency-Key: `options.idempotencyKey`,
   * or a fresh one reused by every retry of this call. Expect LABEL_PROVIDER_NOT_CONNECTED (see
   * {@link Etiquetas.conexao}) and SALE_VALUE_REQUIRED (see `pedidos.definirValorVenda`).
   */
  emitir(body: EtiquetaEmitirParams, options?: RequestOptions): ApiPromise<Etiqueta> {
    return this.transport.call({ operation: 'etiquetas.emitir', method: 'POST', route: '/v1/etiquetas', ...checkBody(body, LABEL_RULES), idempotency: 'required', schema: etiquetaSchema(), options });
  }

  /** Lists the labels (GET /v1/etiquetas), page by page. */
  listar(params?: EtiquetaListarParams, options?: RequestOptions): PagePromise<Etiqueta> {
    return paginate(this.transport, { operation: 'etiquetas.listar', route: '/v1/etiquetas', params, item: etiquetaSchema(), options });
  }

  /**
   * Cancels a label (POST /v1/etiquetas/{id}/cancelar); emits etiqueta.status_alterado. Not retried
   * once it may have reached the server: read the label with {@link Etiquetas.listar} before trying again.
   */
  cancelar(id: string, options?: RequestOptions): ApiPromise<Etiqueta> {
    return this.transport.call({ operation: 'etiquetas.cancelar', method: 'POST', route: '/v1/etiquetas/{id}/cancelar', params: { id }, schema: etiquetaSchema(), options });
  }
}
