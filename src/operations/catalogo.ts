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
    item: produtoResumoSchema,
    query: produtoFilters,
  }),
  produtosObter: row({
    id: 'produtos.obter',
    method: 'GET',
    route: '/v1/produtos/{sku}',
    source: 'stated',
    response: produtoSchema,
  }),
  produtosEstoque: row({
    id: 'produtos.estoque',
    method: 'GET',
    route: '/v1/produtos/{sku}/estoque',
    source: 'stated',
    response: produtoEstoqueSchema,
  }),
  categoriasListar: listRow({
    id: 'categorias.listar',
    route: '/v1/categorias',
    source: 'stated',
    item: categoriaSchema,
  }),
  numeracoesListar: listRow({
    id: 'numeracoes.listar',
    route: '/v1/numeracoes',
    source: 'stated',
    item: numeracaoSchema,
  }),
};

/** @internal The catalog rows: products, stock, categories and sizes. */
export const CATALOGO_OPERATIONS: readonly Operation[] = Object.values(CATALOGO_ROWS);
