import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { categoriaSchema, numeracaoSchema } from '../models/catalogo.js';
import { produtoEstoqueSchema, produtoResumoSchema, produtoSchema } from '../models/produto.js';
import { dateTimeInput } from '../models/requests/date-input.js';
import type { Operation } from './operation.js';
import { listRow, row } from './row.js';

/** The product list's filter (stated): changed since a moment, an ISO date-time with its offset. */
const produtoFilters = once(() => z.looseObject({ atualizadoDesde: z.optional(dateTimeInput('Only products changed since this moment')) }));

/** @internal The catalog rows: products, stock, categories and sizes, by operation: the resource methods call them by name. */
export const CATALOGO_ROWS = {
  produtosListar: listRow({
    id: 'produtos.listar',
    route: '/v1/produtos',
    source: 'stated',
    summary: 'Lists the catalog, page by page; `atualizadoDesde` for an incremental sync.',
    description: "Lists the supplier's catalog in pages of `limite` items; pass `atualizadoDesde` (a timestamp with offset) to get only the products changed since then. A cursor used with other filters answers 400 CURSOR_INVALIDO.",
    item: produtoResumoSchema,
    query: produtoFilters,
  }),
  produtosObter: row({
    id: 'produtos.obter',
    method: 'GET',
    route: '/v1/produtos/{sku}',
    source: 'stated',
    summary: 'One product with prices and the stock of every size.',
    description: "Reads one product by SKU, with its prices as money strings, `precoAtual` in the partner's store, and the stock of every size. An unknown SKU answers 404 NAO_ENCONTRADO.",
    response: produtoSchema,
  }),
  produtosEstoque: row({
    id: 'produtos.estoque',
    method: 'GET',
    route: '/v1/produtos/{sku}/estoque',
    source: 'stated',
    summary: 'The stock of every size of a product.',
    description: 'Reads only the stock of each size of a product, lighter than the whole product. An unknown SKU answers 404 NAO_ENCONTRADO.',
    response: produtoEstoqueSchema,
  }),
  categoriasListar: listRow({
    id: 'categorias.listar',
    route: '/v1/categorias',
    source: 'stated',
    summary: "Lists the catalog's categories, page by page.",
    description: "Lists the catalog's categories, the `{ id, nome }` items a product's `categorias` refer to. The record beyond those two fields is not shown by the spec.",
    item: categoriaSchema,
  }),
  numeracoesListar: listRow({
    id: 'numeracoes.listar',
    route: '/v1/numeracoes',
    source: 'stated',
    summary: "Lists the catalog's sizes, page by page.",
    description: "Lists the sizes the catalog uses, as the `numeracao` strings of a product's sizes. The record beyond `numeracao` is not shown by the spec.",
    item: numeracaoSchema,
  }),
};

/** @internal The catalog rows: products, stock, categories and sizes. */
export const CATALOGO_OPERATIONS: readonly Operation[] = Object.values(CATALOGO_ROWS);
