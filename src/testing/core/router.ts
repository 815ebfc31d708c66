import type { RouteContext, RouteResult } from './context.js';
import { matchPattern, parseRoutePattern, type RoutePattern } from './route-pattern.js';

/** Runs one route. Throw a FakeApiError to answer with an error. */
export type RouteHandler = (context: RouteContext) => RouteResult | Promise<RouteResult>;

/** A route of an area file (`routes/produtos.ts`, ...): pattern plus handler. */
export interface RouteDefinition {
  readonly pattern: RoutePattern;
  readonly handler: RouteHandler;
}

/** Declares a route, e.g. `route('GET /v1/produtos/:sku', obter)`. */
export function route(pattern: string, handler: RouteHandler): RouteDefinition {
  return { pattern: parseRoutePattern(pattern), handler };
}

/** The route a request reaches, with its path parameters. */
export interface RouteMatch {
  readonly handler: RouteHandler;
  readonly params: Record<string, string>;
}

/** Finds the route for a method and decoded path segments; first declared wins. */
export function findRoute(routes: readonly RouteDefinition[], method: string, segments: readonly string[]): RouteMatch | undefined {
  for (const definition of routes) {
    const params = matchPattern(definition.pattern, method, segments);
    if (params) return { handler: definition.handler, params };
  }
  return undefined;
}
