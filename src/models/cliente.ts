import * as z from 'zod';
import { timestampSchema } from '../dates/timestamp-schema.js';

/**
 * A customer as events send it (no contact or address, by design). The API's full customer record
 * adds contact and address fields the spec does not show; they are kept as sent.
 */
export const clienteResumoSchema = z.looseObject({
  id: z.string(),
  nome: z.string(),
  criadoEm: timestampSchema,
  atualizadoEm: timestampSchema,
});

/** A customer of the partner's book. */
export type ClienteResumo = z.output<typeof clienteResumoSchema>;
