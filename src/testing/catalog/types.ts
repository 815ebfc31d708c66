// The catalog's records in the wire shape (money as strings, timestamps with offset): the spec's Product
// and Product stock as the kit reads them itself (../wire/produto.ts), not the SDK's models.
import type { EstoqueWire, NumeracaoWire, ProdutoWire, RefWire } from '../wire/produto.js';

/** An `{ id, nome }` item of `categorias`, `estilos` and `tags`. */
export type RefRecord = RefWire;

/** One size and its stock. */
export type NumeracaoRecord = NumeracaoWire;

/** A product exactly in the spec's Product shape (money as strings, timestamps with offset). */
export type ProdutoRecord = ProdutoWire;

/** The spec's Product stock shape. */
export type EstoqueRecord = EstoqueWire;
