import { ok, type RouteContext, type RouteResult } from '../core/context.js';
import { route, type RouteDefinition } from '../core/router.js';

/** Who is calling: the account (GET /v1/conta) and the integration with its account and permissions (GET /v1/eu). */
export const contaRoutes: readonly RouteDefinition[] = [
  route('GET /v1/conta', ({ account }: RouteContext): RouteResult => ok(account.conta)),
  route('GET /v1/eu', ({ account }: RouteContext): RouteResult => ok({ integracao: account.integracao, conta: account.conta, permissoes: [...account.setup.permissions] })),
];
