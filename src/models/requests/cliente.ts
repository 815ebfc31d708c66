import * as z from 'zod/mini';
import { once } from '../../internal/once.js';
import { described, nonBlankInSandbox, sandboxRule } from './text.js';

/**
 * The customer fields. The spec names the field paths `nome`, `whatsapp`, `endereco.cep` and
 * `endereco.rua` and shows no rule: all optional, all open. `null` is sent as given: on a PATCH it
 * clears the field (the local sandbox reads the body as a JSON merge patch).
 */
const clienteFields = () => ({
  nome: nonBlankInSandbox(described(z.optional(z.string()), 'Customer name')),
  whatsapp: described(z.optional(z.nullable(z.string())), 'WhatsApp contact; null clears it'),
  endereco: described(
    z.optional(z.nullable(z.looseObject({ cep: described(z.optional(z.string()), 'Postal code (CEP)'), rua: described(z.optional(z.string()), 'Street') }))),
    'Address; fields other than cep and rua are sent as given; null clears it',
  ),
});

const CLIENTE_TEXT = 'The customer record (not shown by the spec beyond the fields named; other fields are sent as given)';

/** Body of POST /v1/clientes; the local sandbox also wants `nome` (stated in the document only). */
export const clienteCriarBodySchema = once(() =>
  sandboxRule(described(z.looseObject(clienteFields()), CLIENTE_TEXT), '`nome` on creation', { required: ['nome'], examples: [{ nome: 'Ana Souza', whatsapp: '11999990000' }] }),
);

/** Body of PATCH /v1/clientes/{id}: the fields to change, none required. */
export const clienteAtualizarBodySchema = once(() => described(z.looseObject(clienteFields()), `${CLIENTE_TEXT}; only the fields sent change`));
