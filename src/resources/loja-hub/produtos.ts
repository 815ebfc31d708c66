import { lojaHubProdutoSchema, type LojaHubProduto } from '../../models/loja-hub.js';
import type { ListarParams } from '../../pagination/list-params.js';
import { paginate } from '../../pagination/paginate.js';
import type { PagePromise } from '../../pagination/page-promise.js';
import type { ApiPromise } from '../../transport/api-promise.js';
import type { RequestOptions } from '../../transport/request-options.js';
import { checkBody } from '../body/checked-body.js';
import { nonEmptyString } from '../body/rules.js';
import { noContent } from '../no-content.js';
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
    return paginate(this.transport, { operation: 'lojaHub.produtos.listar', route: '/v1/loja-hub/produtos', params, item: lojaHubProdutoSchema(), options });
  }

  /** Adds a catalog product to the storefront (POST /v1/loja-hub/produtos with `{ sku }`). */
  adicionar(sku: string, options?: RequestOptions): ApiPromise<LojaHubProduto> {
    return this.transport.call({ operation: 'lojaHub.produtos.adicionar', method: 'POST', route: '/v1/loja-hub/produtos', ...checkBody({ sku }, { sku: nonEmptyString }), schema: lojaHubProdutoSchema(), options });
  }

  /** Takes a product off the storefront (DELETE /v1/loja-hub/produtos/{sku}); the catalog is unchanged. */
  remover(sku: string, options?: RequestOptions): ApiPromise<void> {
    return this.transport.call({ operation: 'lojaHub.produtos.remover', method: 'DELETE', route: '/v1/loja-hub/produtos/{sku}', params: { sku }, schema: noContent(), options });
  }

  /** Sets the storefront's own text of a product (PUT /v1/loja-hub/produtos/{sku}/texto). */
  definirTexto(sku: string, body: LojaHubTextoParams, options?: RequestOptions): ApiPromise<LojaHubProduto> {
    return this.transport.call({ operation: 'lojaHub.produtos.definirTexto', method: 'PUT', route: '/v1/loja-hub/produtos/{sku}/texto', params: { sku }, ...checkBody(body, {}), schema: lojaHubProdutoSchema(), options });
  }
}
