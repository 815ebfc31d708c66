import { clienteSchema } from '../models/cliente.js';
import { clienteBodySchema } from '../models/requests/cliente.js';
import type { Operation } from './operation.js';
import { listRow, row } from './row.js';

/** @internal The customer book rows, by operation: the resource methods call them by name. */
export const CLIENTES_ROWS = {
  clientesListar: listRow({
    id: 'clientes.listar',
    route: '/v1/clientes',
    source: 'stated',
    summary: 'Lists the customers, page by page.',
    item: clienteSchema,
  }),
  clientesObter: row({
    id: 'clientes.obter',
    method: 'GET',
    route: '/v1/clientes/{id}',
    source: 'stated',
    summary: 'One customer; a removed one answers 404 NAO_ENCONTRADO.',
    response: clienteSchema,
  }),
  clientesCriar: row({
    id: 'clientes.criar',
    method: 'POST',
    route: '/v1/clientes',
    source: 'stated',
    summary: 'Adds a customer to the book.',
    body: clienteBodySchema,
    response: clienteSchema,
  }),
  clientesAtualizar: row({
    id: 'clientes.atualizar',
    method: 'PATCH',
    route: '/v1/clientes/{id}',
    source: 'stated',
    summary: 'Changes fields of a customer; fields not sent stay as they are.',
    body: clienteBodySchema,
    response: clienteSchema,
  }),
  clientesRemover: row({
    id: 'clientes.remover',
    method: 'DELETE',
    route: '/v1/clientes/{id}',
    source: 'stated',
    summary: 'Removes a customer from the book; orders already made keep their address.',
  }),
};

/** @internal The customer book rows. */
export const CLIENTES_OPERATIONS: readonly Operation[] = Object.values(CLIENTES_ROWS);
