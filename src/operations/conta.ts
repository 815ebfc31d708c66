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
    summary: "The partner's account; `fichaCompleta` says whether the profile record is complete.",
    description: "Reads the partner's account; `fichaCompleta` false means operations such as order creation answer 400 PROFILE_INCOMPLETE until the profile is completed in the panel.",
    response: contaSchema,
  }),
  contaEu: row({
    id: 'conta.eu',
    method: 'GET',
    route: '/v1/eu',
    source: 'stated',
    summary: 'The integration the token belongs to.',
    description: "Reads who is calling: the integration behind the token, its account and its permissions. Useful to check a token before a partner's first call.",
    response: euSchema,
  }),
};

/** @internal The account rows. */
export const CONTA_OPERATIONS: readonly Operation[] = Object.values(CONTA_ROWS);
