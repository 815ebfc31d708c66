import type { ProdutoListarParams } from '../../resources/produtos.js';
import type { PagePromise } from '../../pagination/page-promise.js';
import type { Produto, ProdutoResumo } from '../../models/produto.js';
import type { RequestOptions } from '../../transport/request-options.js';

/**
 * What the mirror needs of the client: the product list and product detail. A `PartnerCommerce`
 * fits; tests may hand in anything with the same two methods.
 */
export interface MirrorSource {
  /** The catalog. */
  produtos: {
    /** GET /v1/produtos, page by page. */
    listar(params?: ProdutoListarParams, options?: RequestOptions): PagePromise<ProdutoResumo>;
    /** GET /v1/produtos/{sku}. */
    obter(sku: string, options?: RequestOptions): PromiseLike<Produto>;
  };
}
