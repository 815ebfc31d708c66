import type { RouteDefinition } from '../core/router.js';
import { catalogoRoutes } from './catalogo.js';
import { clientesRoutes } from './clientes.js';
import { contaRoutes } from './conta.js';
import { etiquetasRoutes } from './etiquetas.js';
import { financeiroRoutes } from './financeiro.js';
import { lojaHubImagensRoutes } from './loja-hub-imagens.js';
import { lojaHubProdutosRoutes } from './loja-hub-produtos.js';
import { lojaHubRoutes } from './loja-hub.js';
import { pedidoAnexosRoutes } from './pedido-anexos.js';
import { pedidoItensRoutes } from './pedido-itens.js';
import { pedidoRastreiosRoutes } from './pedido-rastreios.js';
import { pedidosRoutes } from './pedidos.js';
import { produtosRoutes } from './produtos.js';
import { sandboxPedidosRoutes } from './sandbox-pedidos.js';
import { sandboxRoutes } from './sandbox.js';

/** Every route of the fake: the paths of docs/endpoints.md, stated and inferred. A new area is one file here and one line below. */
export const allRoutes: readonly RouteDefinition[] = [
  ...contaRoutes,
  ...produtosRoutes,
  ...catalogoRoutes,
  ...clientesRoutes,
  ...pedidosRoutes,
  ...pedidoItensRoutes,
  ...pedidoRastreiosRoutes,
  ...pedidoAnexosRoutes,
  ...financeiroRoutes,
  ...etiquetasRoutes,
  ...lojaHubRoutes,
  ...lojaHubProdutosRoutes,
  ...lojaHubImagensRoutes,
  ...sandboxPedidosRoutes,
  ...sandboxRoutes,
];
