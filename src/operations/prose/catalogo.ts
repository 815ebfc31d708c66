import type { CATALOGO_ROWS } from '../catalogo.js';
import type { OperationProse } from './operation-prose.js';

/** @internal What the document, the MCP tools and the docs say of each row of ../catalogo.ts, by the same names. */
export const CATALOGO_PROSE = {
  produtosListar: {
    summary: 'Lists the catalog, page by page; `atualizadoDesde` for an incremental sync.',
    description:
      "Lists the supplier's catalog in pages of `limite` items; pass `atualizadoDesde` (a timestamp with offset) to get only the products changed since then. A cursor used with other filters answers 400 CURSOR_INVALIDO.",
  },
  produtosObter: {
    summary: 'One product with prices and the stock of every size.',
    description: "Reads one product by SKU, with its prices as money strings, `precoAtual` in the partner's store, and the stock of every size. An unknown SKU answers 404 NAO_ENCONTRADO.",
  },
  produtosEstoque: {
    summary: 'The stock of every size of a product.',
    description: 'Reads only the stock of each size of a product, lighter than the whole product. An unknown SKU answers 404 NAO_ENCONTRADO.',
  },
  categoriasListar: {
    summary: "Lists the catalog's categories, page by page.",
    description: "Lists the catalog's categories, the `{ id, nome }` items a product's `categorias` refer to. The record beyond those two fields is not shown by the spec.",
  },
  numeracoesListar: {
    summary: "Lists the catalog's sizes, page by page.",
    description: "Lists the sizes the catalog uses, as the `numeracao` strings of a product's sizes. The record beyond `numeracao` is not shown by the spec.",
  },
} satisfies Record<keyof typeof CATALOGO_ROWS, OperationProse>;
