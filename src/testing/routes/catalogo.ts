import { ok, type RouteContext, type RouteResult } from '../core/context.js';
import { paginate } from '../core/paginate.js';
import { route, type RouteDefinition } from '../core/router.js';

/** Categories and sizes of the catalog (records not shown by the spec: `{ id, nome }` and `{ numeracao }`). */
export const catalogoRoutes: readonly RouteDefinition[] = [
  route('GET /v1/categorias', ({ query, state }: RouteContext): RouteResult => ok(paginate(state.catalog.categorias(), (c) => c.id, query, 'categorias:id')), {
    read: 'produtos:ler',
  }),
  route(
    'GET /v1/numeracoes',
    // Sizes are numbers written as strings; padding sorts "9" before "34" as a shoe shop would.
    ({ query, state }: RouteContext): RouteResult => ok(paginate(state.catalog.numeracoes(), (n) => n.numeracao.padStart(8, '0'), query, 'numeracoes:numeracao')),
    { read: 'produtos:ler' },
  ),
];
