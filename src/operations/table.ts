import * as z from 'zod/mini';
import { pedidoSchema } from '../models/pedido.js';
import { produtoSchema } from '../models/produto.js';
import type { PedidoListarParams } from '../resources/pedidos.js';
import type { Operation } from './operation.js';

// Seed rows (issue 23): the shape every row follows. The full table covers docs/endpoints.md.
const texto = () => z.string().check(z.minLength(1));

/** @internal Every API operation the SDK calls, in docs/endpoints.md's order. */
export const OPERATIONS: readonly Operation[] = [
  {
    id: 'produtos.obter',
    method: 'GET',
    route: '/v1/produtos/{sku}',
    source: 'stated',
    summary: 'One product with prices and the stock of every size.',
    access: 'read',
    sandboxOnly: false,
    pathParams: ['sku'],
    paged: false,
    idempotency: false,
    response: produtoSchema,
    input: () => z.object({ sku: texto() }),
    invoke: (client, input, options) => client.produtos.obter(input['sku'] as string, options),
  },
  {
    id: 'pedidos.listar',
    method: 'GET',
    route: '/v1/pedidos',
    source: 'stated',
    summary: 'Lists the orders, page by page.',
    access: 'read',
    sandboxOnly: false,
    pathParams: [],
    paged: true,
    idempotency: false,
    response: pedidoSchema,
    input: () => z.looseObject({ limite: z.optional(z.int().check(z.minimum(1), z.maximum(100))), cursor: z.optional(z.string()) }),
    invoke: (client, input, options) => client.pedidos.listar(input as PedidoListarParams, options),
  },
  {
    id: 'pedidos.criar',
    method: 'POST',
    route: '/v1/pedidos',
    source: 'stated',
    summary: 'Creates an order; always with an Idempotency-Key.',
    access: 'write',
    sandboxOnly: false,
    pathParams: [],
    paged: false,
    body: () => z.looseObject({ referenciaExterna: z.optional(texto()) }),
    idempotency: true,
    response: pedidoSchema,
    input: () => z.object({ body: z.looseObject({ referenciaExterna: z.optional(texto()) }) }),
    invoke: (client, input, options) => client.pedidos.criar(input['body'] as Record<string, unknown>, options),
  },
];
