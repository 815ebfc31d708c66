import * as z from 'zod/mini';
import { once } from '../../internal/once.js';
import { described } from './text.js';

/**
 * Body of POST /v1/clientes and PATCH /v1/clientes/{id}. The spec names the field paths `nome`,
 * `whatsapp`, `endereco.cep` and `endereco.rua` and shows no rule: all optional, all open.
 */
export const clienteBodySchema = once(() => described(z.looseObject({
  nome: described(z.optional(z.string()), 'Customer name'),
  whatsapp: described(z.optional(z.string()), 'WhatsApp contact'),
  endereco: described(
    z.optional(z.looseObject({ cep: described(z.optional(z.string()), 'Postal code (CEP)'), rua: described(z.optional(z.string()), 'Street') })),
    'Address; fields other than cep and rua are sent as given',
  ),
}), 'The customer record (not shown by the spec beyond the fields named; other fields are sent as given)'));
