import { ok, type RouteContext, type RouteResult } from '../core/context.js';
import { naoEncontrado, parametroInvalido } from '../core/fake-error.js';
import { paginate } from '../core/paginate.js';
import { route, type RouteDefinition } from '../core/router.js';
import { parseDateParam } from '../core/timestamp.js';

/** Catalog routes: list with incremental sync, product by sku, stock by sku. */
export const produtosRoutes: readonly RouteDefinition[] = [
  route('GET /v1/produtos', listar, { read: 'produtos:ler' }),
  route('GET /v1/produtos/:sku', obter, { read: 'produtos:ler' }),
  route('GET /v1/produtos/:sku/estoque', estoque, { read: 'produtos:ler' }),
];

function listar({ query, state }: RouteContext): RouteResult {
  const desde = atualizadoDesde(query);
  const produtos = state.catalog.all().filter((p) => desde === undefined || Date.parse(p.atualizadoEm) >= desde);
  return ok(paginate(produtos, (p) => p.sku, query, 'produtos:sku'));
}

function obter({ params, state }: RouteContext): RouteResult {
  const produto = state.catalog.get(params.sku!);
  if (!produto) throw naoEncontrado('Produto');
  return ok(produto);
}

function estoque({ params, state }: RouteContext): RouteResult {
  const record = state.catalog.estoque(params.sku!);
  if (!record) throw naoEncontrado('Produto');
  return ok(record);
}

function atualizadoDesde(query: URLSearchParams): number | undefined {
  const text = query.get('atualizadoDesde');
  if (text === null) return undefined;
  const ms = parseDateParam(text);
  if (ms === undefined) {
    throw parametroInvalido('atualizadoDesde', 'deve ser uma data ISO 8601 com fuso obrigatório, -03:00 ou Z (ex.: 2024-05-01T10:00:00-03:00)');
  }
  return ms;
}
