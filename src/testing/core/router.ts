import type { RouteHandler } from './context.js';
import type { RouteScope } from './permissions.js';
import { matchPattern, parseRoutePattern, type RoutePattern } from './route-pattern.js';

/** A route of an area file (`routes/produtos.ts`, ...): pattern, handler and the permission it needs. */
export interface RouteDefinition {
  readonly pattern: RoutePattern;
  readonly handler: RouteHandler;
  /** Permission checked before the handler runs; none for the simulators and the account. */
  readonly scope: RouteScope | undefined;
}

/** Declares a route, e.g. `route('GET /v1/produtos/:sku', obter, { read: 'produtos:ler' })`. */
export function route(pattern: string, handler: RouteHandler, scope?: RouteScope): RouteDefinition {
  return { pattern: parseRoutePattern(pattern), handler, scope };
}

/** The route a request reaches, with its path parameters. */
export interface RouteMatch {
  readonly definition: RouteDefinition;
  readonly params: Record<string, string>;
}

/** Finds the route for a method and decoded path segments; first declared wins. */
export function findRoute(routes: readonly RouteDefinition[], method: string, segments: readonly string[]): RouteMatch | undefined {
  for (const definition of routes) {
    const params = matchPattern(definition.pattern, method, segments);
    if (params) return { definition, params };
  }
  return undefined;
}
