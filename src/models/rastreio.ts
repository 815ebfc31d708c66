import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { optionalField } from './optional-field.js';
import { built, lazySchema } from '../internal/lazy-schema.js';
import { timestampSchema } from '../dates/timestamp-schema.js';

/** A tracking code of an order. */
export const rastreioSchema = lazySchema(() => looseObject({
  id: z.string(),
  codigo: z.string(),
  transportadora: optionalField(z.string()),
  /** After validation the partner can no longer remove it. */
  validado: z.boolean(),
  cadastradoPeloParceiro: optionalField(z.boolean()),
  criadoEm: built(timestampSchema),
}));

/** A tracking code of an order. */
export type Rastreio = z.output<typeof rastreioSchema>;
