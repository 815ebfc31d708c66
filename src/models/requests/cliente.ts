import * as z from 'zod/mini';
import { once } from '../../internal/once.js';

/**
 * Body of POST /v1/clientes and PATCH /v1/clientes/{id}. The spec names the field paths `nome`,
 * `whatsapp`, `endereco.cep` and `endereco.rua` and shows no rule: all optional, all open.
 */
export const clienteBodySchema = once(() => z.looseObject({
  nome: z.optional(z.string()),
  whatsapp: z.optional(z.string()),
  endereco: z.optional(z.looseObject({ cep: z.optional(z.string()), rua: z.optional(z.string()) })),
}));
