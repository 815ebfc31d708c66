import { clienteSchema } from '../models/cliente.js';
import { clienteAtualizarBodySchema, clienteCriarBodySchema } from '../models/requests/cliente.js';
import type { Operation } from './operation.js';
import { listRow, row } from './row.js';

/** @internal The customer book rows, by operation: the resource methods call them by name. */
export const CLIENTES_ROWS = {
  clientesListar: listRow({
    id: 'clientes.listar',
    route: '/v1/clientes',
    source: 'stated',
    item: clienteSchema,
  }),
  clientesObter: row({
    id: 'clientes.obter',
    method: 'GET',
    route: '/v1/clientes/{id}',
    source: 'stated',
    response: clienteSchema,
  }),
  clientesCriar: row({
    id: 'clientes.criar',
    method: 'POST',
    route: '/v1/clientes',
    source: 'stated',
    statuses: [200, 201],
    body: clienteCriarBodySchema,
    response: clienteSchema,
  }),
  clientesAtualizar: row({
    id: 'clientes.atualizar',
    method: 'PATCH',
    route: '/v1/clientes/{id}',
    source: 'stated',
    body: clienteAtualizarBodySchema,
    response: clienteSchema,
  }),
  clientesRemover: row({
    id: 'clientes.remover',
    method: 'DELETE',
    route: '/v1/clientes/{id}',
    source: 'stated',
  }),
};

/** @internal The customer book rows. */
export const CLIENTES_OPERATIONS: readonly Operation[] = Object.values(CLIENTES_ROWS);
