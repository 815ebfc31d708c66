import type * as z from 'zod/mini';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { anexoSchema } from '../models/anexo.js';
import { categoriaSchema, numeracaoSchema } from '../models/catalogo.js';
import { clienteResumoSchema, clienteSchema } from '../models/cliente.js';
import { refSchema } from '../models/common.js';
import { contaSchema, euSchema } from '../models/conta.js';
import { conexaoEtiquetasSchema, cotacaoEtiquetaSchema } from '../models/envio.js';
import { erroBodySchema } from '../models/erro.js';
import { etiquetaSchema, pedidoRefSchema } from '../models/etiqueta.js';
import { saldoSchema } from '../models/financeiro.js';
import { lancamentoSchema } from '../models/lancamento.js';
import { lojaHubAparenciaSchema, lojaHubBannerSchema, lojaHubEstatisticasSchema, lojaHubLogoSchema, lojaHubProdutoSchema, lojaHubSchema } from '../models/loja-hub.js';
import { paginacaoSchema } from '../models/pagination.js';
import { despesaSchema, itemPedidoSchema, pedidoValidacaoSchema } from '../models/pedido-operacoes.js';
import { pedidoResumoSchema, pedidoSchema } from '../models/pedido.js';
import { numeracaoEstoqueSchema, produtoEstoqueSchema, produtoResumoSchema, produtoSchema } from '../models/produto.js';
import { rastreioSchema } from '../models/rastreio.js';

/**
 * The records that become named schemas: OpenAPI components (`#/components/schemas/Produto`) and the
 * standalone JSON Schemas (`produto`). Named after the models (Portuguese, as the wire), except the
 * two wire formats the SDK names itself. A schema listed here is written once and referenced
 * wherever a model uses it, so the document does not repeat the product 50 times.
 */
export const RECORDS: readonly (readonly [name: string, schema: () => z.ZodMiniType])[] = [
  ['Money', moneySchema],
  ['Timestamp', timestampSchema],
  ['Referencia', refSchema],
  ['Paginacao', paginacaoSchema],
  ['ErroBody', erroBodySchema],
  ['Conta', contaSchema],
  ['Eu', euSchema],
  ['NumeracaoEstoque', numeracaoEstoqueSchema],
  ['Produto', produtoSchema],
  ['ProdutoResumo', produtoResumoSchema],
  ['ProdutoEstoque', produtoEstoqueSchema],
  ['Categoria', categoriaSchema],
  ['Numeracao', numeracaoSchema],
  ['ClienteResumo', clienteResumoSchema],
  ['Cliente', clienteSchema],
  ['Rastreio', rastreioSchema],
  ['Anexo', anexoSchema],
  ['ItemPedido', itemPedidoSchema],
  ['Despesa', despesaSchema],
  ['PedidoResumo', pedidoResumoSchema],
  ['Pedido', pedidoSchema],
  ['PedidoValidacao', pedidoValidacaoSchema],
  ['PedidoRef', pedidoRefSchema],
  ['Etiqueta', etiquetaSchema],
  ['ConexaoEtiquetas', conexaoEtiquetasSchema],
  ['CotacaoEtiqueta', cotacaoEtiquetaSchema],
  ['Lancamento', lancamentoSchema],
  ['Saldo', saldoSchema],
  ['LojaHub', lojaHubSchema],
  ['LojaHubEstatisticas', lojaHubEstatisticasSchema],
  ['LojaHubAparencia', lojaHubAparenciaSchema],
  ['LojaHubBanner', lojaHubBannerSchema],
  ['LojaHubLogo', lojaHubLogoSchema],
  ['LojaHubProduto', lojaHubProdutoSchema],
];

/** The wire formats: named schemas, but not records a partner would want a file for. */
export const WIRE_FORMATS: ReadonlySet<string> = new Set(['Money', 'Timestamp']);
