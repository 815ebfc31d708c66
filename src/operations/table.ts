import { CATALOGO_OPERATIONS } from './catalogo.js';
import { CLIENTES_OPERATIONS } from './clientes.js';
import { CONTA_OPERATIONS } from './conta.js';
import { FINANCEIRO_OPERATIONS } from './financeiro.js';
import { LOJA_HUB_OPERATIONS } from './loja-hub.js';
import type { Operation } from './operation.js';
import { PEDIDOS_OPERATIONS } from './pedidos.js';
import { SANDBOX_OPERATIONS } from './sandbox.js';

/**
 * @internal Every API operation the SDK calls, in docs/endpoints.md's order: production first, then the
 * sandbox simulators. `fetchChangelog` has no row: it reads the docs site, not an API route.
 */
export const OPERATIONS: readonly Operation[] = [
  ...CONTA_OPERATIONS,
  ...CATALOGO_OPERATIONS,
  ...CLIENTES_OPERATIONS,
  ...PEDIDOS_OPERATIONS,
  ...FINANCEIRO_OPERATIONS,
  ...LOJA_HUB_OPERATIONS,
  ...SANDBOX_OPERATIONS,
];
