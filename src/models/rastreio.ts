import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { built, lazySchema } from '../internal/lazy-schema.js';
import { timestampSchema } from '../dates/timestamp-schema.js';

/** A tracking code of an order. */
export const rastreioSchema = lazySchema(() => looseObject({
  id: z.string(),
  codigo: z.string(),
  transportadora: z.string(),
  /** After validation the partner can no longer remove it. */
  validado: z.boolean(),
  cadastradoPeloParceiro: z.boolean(),
  criadoEm: built(timestampSchema),
}));

/** A tracking code of an order. */
export type Rastreio = z.output<typeof rastreioSchema>;
