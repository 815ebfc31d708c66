import type { CLIENTES_ROWS } from '../clientes.js';
import type { OperationProse } from './operation-prose.js';

/** @internal What the document, the MCP tools and the docs say of each row of ../clientes.ts, by the same names. */
export const CLIENTES_PROSE = {
  clientesListar: {
    summary: 'Lists the customers, page by page.',
    description: "Lists the partner's customer book, page by page. Needs the `clientes:ler` permission (else 403 ESCOPO_INSUFICIENTE).",
  },
  clientesObter: {
    summary: 'One customer; a removed one answers 404 NAO_ENCONTRADO.',
    description: 'Reads one customer with its contact and address fields. A removed customer, or one of another account, answers 404 NAO_ENCONTRADO.',
  },
  clientesCriar: {
    summary: 'Adds a customer to the book.',
    description: "Adds a customer to the partner's book and emits cliente.criado. Invalid fields answer 400 VALIDACAO naming each in `detalhes`.",
  },
  clientesAtualizar: {
    summary: 'Changes fields of a customer; fields not sent stay as they are.',
    description: 'Changes the fields sent and keeps the others; emits cliente.atualizado with the changed paths in `alterados`. An unknown customer answers 404 NAO_ENCONTRADO.',
  },
  clientesRemover: {
    summary: 'Removes a customer from the book; orders already made keep their address.',
    description: 'Removes a customer from the book and emits cliente.removido; orders already made keep their address. Answers 204 with no body.',
  },
} satisfies Record<keyof typeof CLIENTES_ROWS, OperationProse>;
