import type { Produto, ProdutoEstoque, ProdutoResumo } from '../models/produto.js';
import { CATALOGO_ROWS as rows } from '../operations/catalogo.js';
import { callOperation } from '../operations/call.js';
import type { ListarParams } from '../pagination/list-params.js';
import type { PagePromise } from '../pagination/page-promise.js';
import type { ApiPromise } from '../transport/api-promise.js';
import type { RequestOptions } from '../transport/request-options.js';
import { Resource } from './resource.js';
import type { NumeracaoEstoque, Referencia } from '../models/index.js';

/** Filters of {@link Produtos.listar}. */
export interface ProdutoListarParams extends ListarParams {
  /** Only products changed since this moment: a Date, or a string with offset (`Z` or `-03:00`). */
  atualizadoDesde?: Date | string | undefined;
}

/** The catalog: products by sku, and their stock. */
export class Produtos extends Resource {
  /** Lists the catalog (GET /v1/produtos), page by page; `atualizadoDesde` for incremental sync. */
  listar(params?: ProdutoListarParams, options?: RequestOptions): PagePromise<ProdutoResumo> {
    return callOperation(this.transport, rows.produtosListar, params, options);
  }

  /** One product with prices and the stock of every size (GET /v1/produtos/{sku}). */
  obter(sku: string, options?: RequestOptions): ApiPromise<Produto> {
    return callOperation(this.transport, rows.produtosObter, { sku }, options);
  }

  /** Stock of every size of a product (GET /v1/produtos/{sku}/estoque). */
  estoque(sku: string, options?: RequestOptions): ApiPromise<ProdutoEstoque> {
    return callOperation(this.transport, rows.produtosEstoque, { sku }, options);
  }
}

/** The product catalog: `client.produtos` (this class) and its records and parameters. */
export declare namespace Produtos {
  export {
    type Produto as Produto,
    type ProdutoResumo as ProdutoResumo,
    type ProdutoEstoque as ProdutoEstoque,
    type NumeracaoEstoque as NumeracaoEstoque,
    type Referencia as Referencia,
    type ProdutoListarParams as ProdutoListarParams,
  };
}
