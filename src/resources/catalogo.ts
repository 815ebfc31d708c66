import type { Categoria, Numeracao } from '../models/catalogo.js';
import { CATALOGO_ROWS as rows } from '../operations/catalogo.js';
import { callOperation } from '../operations/call.js';
import type { ListarParams } from '../pagination/list-params.js';
import type { PagePromise } from '../pagination/page-promise.js';
import type { RequestOptions } from '../transport/request-options.js';
import { Resource } from './resource.js';

/** Filters of {@link Categorias.listar} (the spec shows none beyond `limite` and `cursor`; extra ones pass through). */
export interface CategoriaListarParams extends ListarParams {}

/** Filters of {@link Numeracoes.listar} (the spec shows none beyond `limite` and `cursor`; extra ones pass through). */
export interface NumeracaoListarParams extends ListarParams {}

/** The catalog's categories. */
export class Categorias extends Resource {
  /** Lists the categories (GET /v1/categorias), page by page. */
  listar(params?: CategoriaListarParams, options?: RequestOptions): PagePromise<Categoria> {
    return callOperation(this.transport, rows.categoriasListar, params, options);
  }
}

/** The catalog's sizes (numeracoes). */
export class Numeracoes extends Resource {
  /** Lists the sizes (GET /v1/numeracoes), page by page. */
  listar(params?: NumeracaoListarParams, options?: RequestOptions): PagePromise<Numeracao> {
    return callOperation(this.transport, rows.numeracoesListar, params, options);
  }
}

/** Categories: `client.categorias` (this class), its record and parameters. */
export declare namespace Categorias {
  export { type Categoria as Categoria, type CategoriaListarParams as CategoriaListarParams };
}

/** Sizes: `client.numeracoes` (this class), its record and parameters. */
export declare namespace Numeracoes {
  export { type Numeracao as Numeracao, type NumeracaoListarParams as NumeracaoListarParams };
}
