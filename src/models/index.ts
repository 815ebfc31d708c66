export { refSchema, type Referencia } from './common.js';
export { pageEnvelopeSchema, paginacaoSchema, type PageEnvelope, type Paginacao } from './pagination.js';
export {
  numeracaoEstoqueSchema,
  produtoEstoqueSchema,
  produtoResumoSchema,
  produtoSchema,
  type NumeracaoEstoque,
  type Produto,
  type ProdutoEstoque,
  type ProdutoResumo,
} from './produto.js';
