import * as z from 'zod';
import { timestampSchema } from '../dates/timestamp-schema.js';

/** A tracking code of an order. */
export const rastreioSchema = z.looseObject({
  id: z.string(),
  codigo: z.string(),
  transportadora: z.string(),
  /** After validation the partner can no longer remove it. */
  validado: z.boolean(),
  cadastradoPeloParceiro: z.boolean(),
  criadoEm: timestampSchema,
});

/** A tracking code of an order. */
export type Rastreio = z.output<typeof rastreioSchema>;
