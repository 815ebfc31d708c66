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
export {
  openEnum,
  STATUS_ETIQUETA,
  STATUS_PEDIDO,
  type EnviarPara,
  type OpenEnum,
  type OrigemPedido,
  type StatusEtiqueta,
  type StatusPedido,
  type TipoAnexo,
  type TipoLancamento,
} from './enums.js';
export { pedidoResumoSchema, pedidoSchema, type Pedido, type PedidoResumo } from './pedido.js';
export { anexoSchema, type Anexo } from './anexo.js';
export { rastreioSchema, type Rastreio } from './rastreio.js';
export { etiquetaSchema, pedidoRefSchema, type Etiqueta, type PedidoRef } from './etiqueta.js';
export { lancamentoSchema, type Lancamento } from './lancamento.js';
export { clienteResumoSchema, type ClienteResumo } from './cliente.js';
export { erroBodySchema, type ErroBody } from './erro.js';
export { changelogSchema, mudancaSchema, TIPOS_MUDANCA, type Changelog, type Mudanca } from './changelog.js';
