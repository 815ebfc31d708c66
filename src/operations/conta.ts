import { contaSchema, euSchema } from '../models/conta.js';
import type { Operation } from './operation.js';
import { row } from './row.js';

/** @internal The account rows, by operation: the resource methods call them by name. */
export const CONTA_ROWS = {
  contaObter: row({
    id: 'conta.obter',
    method: 'GET',
    route: '/v1/conta',
    source: 'stated',
    response: contaSchema,
  }),
  contaEu: row({
    id: 'conta.eu',
    method: 'GET',
    route: '/v1/eu',
    source: 'stated',
    response: euSchema,
  }),
};

/** @internal The account rows. */
export const CONTA_OPERATIONS: readonly Operation[] = Object.values(CONTA_ROWS);
