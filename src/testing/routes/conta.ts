import { ok, type RouteContext, type RouteResult } from '../core/context.js';
import { route, type RouteDefinition } from '../core/router.js';

// The spec names only the read permissions; a sandbox test integration is assumed to hold them all.
const PERMISSOES = ['produtos:ler', 'pedidos:ler', 'clientes:ler', 'financeiro:ler', 'etiquetas:ler'];

/** Who is calling: the account (GET /v1/conta) and the integration with its account (GET /v1/eu). */
export const contaRoutes: readonly RouteDefinition[] = [
  route('GET /v1/conta', ({ account }: RouteContext): RouteResult => ok(account.conta)),
  route('GET /v1/eu', ({ account }: RouteContext): RouteResult => ok({ integracao: account.integracao, conta: account.conta, permissoes: PERMISSOES })),
];
