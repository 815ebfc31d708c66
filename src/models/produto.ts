import * as z from 'zod/mini';
import { optionalField } from './optional-field.js';
import { once } from '../internal/once.js';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { refSchema } from './common.js';

// Every object is loose: the API adds fields without a version change, and partners can still read them.

/** One size of a product and its stock (`numeracoes` of a product or of its stock). */
export const numeracaoEstoqueSchema = once(() =>
  z.looseObject({
    numeracao: z.string(),
    skuVariacao: z.string(),
    estoque: z.int(),
  }),
);

/** A product, as GET /v1/produtos/{sku} and the `dados.produto` of product events send it. */
export const produtoSchema = once(() =>
  z.looseObject({
    sku: z.string(),
    titulo: optionalField(z.string()),
    imagem: optionalField(z.string()),
    precoAtacado: moneySchema(),
    precoSugerido: optionalField(moneySchema()),
    /** The price in the partner's store; null or absent for a product not in it. */
    precoAtual: optionalField(moneySchema()),
    numeracoes: z.array(numeracaoEstoqueSchema()),
    categorias: optionalField(z.array(refSchema())),
    estilos: optionalField(z.array(refSchema())),
    tags: optionalField(z.array(refSchema())),
    ativo: z.boolean(),
    atualizadoEm: timestampSchema(),
  }),
);

/**
 * @internal The fields the Product shape requires, in its order: a listed item lacking one is not a
 * whole product. Read from {@link produtoSchema}, so a field made optional or required there changes it.
 */
export const productRequiredFields = once((): readonly (keyof Produto)[] =>
  Object.entries(produtoSchema().shape)
    .filter(([, field]) => !(field instanceof z.ZodMiniOptional))
    .map(([name]) => name),
);

/** @internal The prices a `produto.preco_atualizado` notice says changed, and gives the old values of. */
export const PRICE_FIELDS = ['precoAtacado', 'precoSugerido'] as const satisfies readonly (keyof Produto)[];

/** @internal The classification lists a `produto.categorias_alteradas` notice says changed. */
export const CLASSIFICATION_FIELDS = ['categorias', 'estilos', 'tags'] as const satisfies readonly (keyof Produto)[];

/** @internal `{ field: true }` for each of `fields`: the mask `z.pick` takes, from one of the lists above. */
export function fieldMask<const F extends readonly string[]>(fields: F): { [K in F[number]]: true } {
  return Object.fromEntries(fields.map((field) => [field, true])) as { [K in F[number]]: true };
}

/** The stock of a product (GET /v1/produtos/{sku}/estoque and the stock simulator). */
export const produtoEstoqueSchema = once(() =>
  z.looseObject({
    sku: z.string(),
    ativo: z.boolean(),
    numeracoes: z.array(numeracaoEstoqueSchema()),
    atualizadoEm: timestampSchema(),
  }),
);

/**
 * An item of GET /v1/produtos. The spec does not show its shape, so only `sku` is required; the
 * Product fields, when present, are checked and typed as in {@link produtoSchema}.
 */
export const produtoResumoSchema = once(() => z.extend(z.partial(produtoSchema()), { sku: produtoSchema().shape.sku }));

/** One size of a product and its stock. */
export type NumeracaoEstoque = z.output<ReturnType<typeof numeracaoEstoqueSchema>>;
/** A product with prices as {@link Money}, sizes with stock, and classification. */
export type Produto = z.output<ReturnType<typeof produtoSchema>>;
/** The stock of every size of a product. */
export type ProdutoEstoque = z.output<ReturnType<typeof produtoEstoqueSchema>>;
/** An item of the product list: `sku`, and whichever Product fields the API sent. */
export type ProdutoResumo = z.output<ReturnType<typeof produtoResumoSchema>>;
