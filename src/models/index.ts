export { refSchema, type Referencia } from './common.js';
export { pageEnvelopeSchema, paginacaoSchema, type PageEnvelope, type PageEnvelopeSchema, type Paginacao } from './pagination.js';
export { numeracaoEstoqueSchema, produtoEstoqueSchema, produtoResumoSchema, produtoSchema, type NumeracaoEstoque, type Produto, type ProdutoEstoque, type ProdutoResumo } from './produto.js';
export { openEnum, STATUS_ETIQUETA, STATUS_PEDIDO, type EnviarPara, type OpenEnum, type OrigemPedido, type StatusEtiqueta, type StatusPedido, type TipoAnexo, type TipoLancamento } from './enums.js';
export { pedidoResumoSchema, pedidoSchema, type Pedido, type PedidoResumo } from './pedido.js';
export { anexoSchema, type Anexo } from './anexo.js';
export { rastreioSchema, type Rastreio } from './rastreio.js';
export { etiquetaSchema, pedidoRefSchema, type Etiqueta, type PedidoRef } from './etiqueta.js';
export { lancamentoSchema, type Lancamento } from './lancamento.js';
export { clienteResumoSchema, type ClienteResumo } from './cliente.js';
export { erroBodySchema, type ErroBody } from './erro.js';
export { changelogSchema, mudancaSchema, TIPOS_MUDANCA, type Changelog, type Mudanca } from './changelog.js';
export { clienteSchema, type Cliente } from './cliente.js';
export { contaSchema, euSchema, type Conta, type Eu } from './conta.js';
export { categoriaSchema, numeracaoSchema, type Categoria, type Numeracao } from './catalogo.js';
export { saldoSchema, type Saldo } from './financeiro.js';
export { conexaoEtiquetasSchema, cotacaoEtiquetaSchema, type ConexaoEtiquetas, type CotacaoEtiqueta } from './envio.js';
export { despesaSchema, itemPedidoSchema, itemValidadoSchema, pedidoValidacaoSchema, type Despesa, type ItemPedido, type ItemValidado, type PedidoValidacao } from './pedido-operacoes.js';
export {
  lojaHubAparenciaSchema,
  lojaHubBannerSchema,
  lojaHubEstatisticasSchema,
  lojaHubLogoSchema,
  lojaHubProdutoSchema,
  lojaHubSchema,
  type LojaHub,
  type LojaHubAparencia,
  type LojaHubBanner,
  type LojaHubEstatisticas,
  type LojaHubLogo,
  type LojaHubProduto,
} from './loja-hub.js';
