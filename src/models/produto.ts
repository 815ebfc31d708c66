import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { optionalField } from './optional-field.js';
import { built, lazySchema } from '../internal/lazy-schema.js';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { refSchema } from './common.js';

// Every object is loose: the API adds fields without a version change, and partners can still read them.

/** One size of a product and its stock (`numeracoes` of a product or of its stock). */
export const numeracaoEstoqueSchema = lazySchema(() => looseObject({
  numeracao: z.string(),
  skuVariacao: z.string(),
  estoque: z.int(),
}));

/** A product, as GET /v1/produtos/{sku} and the `dados.produto` of product events send it. */
export const produtoSchema = lazySchema(() => looseObject({
  sku: z.string(),
  titulo: optionalField(z.string()),
  imagem: optionalField(z.string()),
  precoAtacado: built(moneySchema),
  precoSugerido: optionalField(built(moneySchema)),
  /** The price in the partner's store; null or absent for a product not in it. */
  precoAtual: optionalField(built(moneySchema)),
  numeracoes: z.array(built(numeracaoEstoqueSchema)),
  categorias: optionalField(z.array(built(refSchema))),
  estilos: optionalField(z.array(built(refSchema))),
  tags: optionalField(z.array(built(refSchema))),
  ativo: z.boolean(),
  atualizadoEm: built(timestampSchema),
}));

/** The stock of a product (GET /v1/produtos/{sku}/estoque and the stock simulator). */
export const produtoEstoqueSchema = lazySchema(() => looseObject({
  sku: z.string(),
  ativo: z.boolean(),
  numeracoes: z.array(built(numeracaoEstoqueSchema)),
  atualizadoEm: built(timestampSchema),
}));

/**
 * An item of GET /v1/produtos. The spec does not show its shape, so only `sku` is required; the
 * Product fields, when present, are checked and typed as in {@link produtoSchema}.
 */
export const produtoResumoSchema = lazySchema(() => z.extend(z.partial(built(produtoSchema)), { sku: built(produtoSchema).shape.sku }));

/** One size of a product and its stock. */
export type NumeracaoEstoque = z.output<typeof numeracaoEstoqueSchema>;
/** A product with prices as {@link Money}, sizes with stock, and classification. */
export type Produto = z.output<typeof produtoSchema>;
/** The stock of every size of a product. */
export type ProdutoEstoque = z.output<typeof produtoEstoqueSchema>;
/** An item of the product list: `sku`, and whichever Product fields the API sent. */
export type ProdutoResumo = z.output<typeof produtoResumoSchema>;
