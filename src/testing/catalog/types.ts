// The catalog's records in the wire shape (money as strings, timestamps with offset): the input side
// of the SDK's shared product models, so the fake and the SDK read one definition.
import type * as z from 'zod/mini';
import type { refSchema } from '../../models/common.js';
import type { numeracaoEstoqueSchema, produtoEstoqueSchema, produtoSchema } from '../../models/produto.js';

/** An `{ id, nome }` item of `categorias`, `estilos` and `tags`. */
export type RefRecord = z.input<typeof refSchema>;

/** One size and its stock. */
export type NumeracaoRecord = z.input<typeof numeracaoEstoqueSchema>;

/** A product exactly in the spec's Product shape (money as strings, timestamps with offset). */
export type ProdutoRecord = z.input<typeof produtoSchema>;

/** The spec's Product stock shape. */
export type EstoqueRecord = z.input<typeof produtoEstoqueSchema>;
