import type { RouteDefinition } from '../core/router.js';
import { contaRoutes } from './conta.js';
import { produtosRoutes } from './produtos.js';

/** Every route of the fake; a new area is one file in this folder and one line here. */
export const allRoutes: readonly RouteDefinition[] = [...contaRoutes, ...produtosRoutes];
