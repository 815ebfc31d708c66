import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { refSchema } from './common.js';

/**
 * An item of GET /v1/categorias. The record is not shown by the spec; a product's `categorias` are
 * `{ id, nome }`, so those two are typed when present and nothing is required.
 */
export const categoriaSchema = once(() => z.partial(refSchema()));

/**
 * An item of GET /v1/numeracoes. The record is not shown by the spec; a product's sizes carry
 * `numeracao` as a string, so that one is typed when present and nothing is required.
 */
export const numeracaoSchema = once(() =>
  z.looseObject({
    numeracao: z.optional(z.string()),
  }),
);

/** A category of the catalog (`id` and `nome` when sent, other fields kept). */
export type Categoria = z.output<ReturnType<typeof categoriaSchema>>;
/** A size of the catalog (`numeracao` when sent, other fields kept). */
export type Numeracao = z.output<ReturnType<typeof numeracaoSchema>>;
