import type { LojaHubProduto } from '../../models/loja-hub.js';
import { callOperation } from '../../operations/call.js';
import { LOJA_HUB_ROWS as rows } from '../../operations/loja-hub.js';
import type { ListarParams } from '../../pagination/list-params.js';
import type { PagePromise } from '../../pagination/page-promise.js';
import type { ApiPromise } from '../../transport/api-promise.js';
import type { RequestOptions } from '../../transport/request-options.js';
import { Resource } from '../resource.js';

/** Filters of {@link LojaHubProdutos.listar} (none shown by the spec beyond `limite` and `cursor`). */
export interface LojaHubProdutoListarParams extends ListarParams {}

/** Body of {@link LojaHubProdutos.definirTexto}: the product's own text on the storefront. Not shown by the spec; sent as given. */
export interface LojaHubTextoParams {
  /** Fields of the text; sent untouched. */
  [campo: string]: unknown;
}

/** The storefront's product selection and per-product text (`client.lojaHub.produtos`). */
export class LojaHubProdutos extends Resource {
  /** Lists the products selected for the storefront (GET /v1/loja-hub/produtos), page by page. */
  listar(params?: LojaHubProdutoListarParams, options?: RequestOptions): PagePromise<LojaHubProduto> {
    return callOperation(this.transport, rows.lojaHubProdutosListar, params, options);
  }

  /** Adds a catalog product to the storefront (POST /v1/loja-hub/produtos with `{ sku }`). */
  adicionar(sku: string, options?: RequestOptions): ApiPromise<LojaHubProduto> {
    return callOperation(this.transport, rows.lojaHubProdutosAdicionar, { sku }, options);
  }

  /** Takes a product off the storefront (DELETE /v1/loja-hub/produtos/{sku}); the catalog is unchanged. */
  remover(sku: string, options?: RequestOptions): ApiPromise<void> {
    return callOperation(this.transport, rows.lojaHubProdutosRemover, { sku }, options);
  }

  /** Sets the storefront's own text of a product (PUT /v1/loja-hub/produtos/{sku}/texto). */
  definirTexto(sku: string, body: LojaHubTextoParams, options?: RequestOptions): ApiPromise<LojaHubProduto> {
    return callOperation(this.transport, rows.lojaHubProdutosDefinirTexto, { sku, body }, options);
  }
}
