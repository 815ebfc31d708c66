import type { Produtos as ProdutosType, ProdutoListarParams } from '../resources/produtos.js';
import type { Produto, ProdutoResumo, ProdutoEstoque, NumeracaoEstoque, Referencia } from '../models/index.js';

/** The product catalog: `client.produtos` (this type) and its records and parameters. */
export type Produtos = ProdutosType;

/** The product catalog: `client.produtos` (this type) and its records and parameters. */
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
