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
    summary: 'Lists the customers, page by page.',
    description: "Lists the partner's customer book, page by page. Needs the `clientes:ler` permission (else 403 ESCOPO_INSUFICIENTE).",
    item: clienteSchema,
  }),
  clientesObter: row({
    id: 'clientes.obter',
    method: 'GET',
    route: '/v1/clientes/{id}',
    source: 'stated',
    summary: 'One customer; a removed one answers 404 NAO_ENCONTRADO.',
    description: 'Reads one customer with its contact and address fields. A removed customer, or one of another account, answers 404 NAO_ENCONTRADO.',
    response: clienteSchema,
  }),
  clientesCriar: row({
    id: 'clientes.criar',
    method: 'POST',
    route: '/v1/clientes',
    source: 'stated',
    summary: 'Adds a customer to the book.',
    description: "Adds a customer to the partner's book and emits cliente.criado. Invalid fields answer 400 VALIDACAO naming each in `detalhes`.",
    statuses: [200, 201],
    body: clienteCriarBodySchema,
    response: clienteSchema,
  }),
  clientesAtualizar: row({
    id: 'clientes.atualizar',
    method: 'PATCH',
    route: '/v1/clientes/{id}',
    source: 'stated',
    summary: 'Changes fields of a customer; fields not sent stay as they are.',
    description: 'Changes the fields sent and keeps the others; emits cliente.atualizado with the changed paths in `alterados`. An unknown customer answers 404 NAO_ENCONTRADO.',
    body: clienteAtualizarBodySchema,
    response: clienteSchema,
  }),
  clientesRemover: row({
    id: 'clientes.remover',
    method: 'DELETE',
    route: '/v1/clientes/{id}',
    source: 'stated',
    summary: 'Removes a customer from the book; orders already made keep their address.',
    description: 'Removes a customer from the book and emits cliente.removido; orders already made keep their address. Answers 204 with no body.',
  }),
};

/** @internal The customer book rows. */
export const CLIENTES_OPERATIONS: readonly Operation[] = Object.values(CLIENTES_ROWS);
