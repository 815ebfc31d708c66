import * as z from 'zod/mini';
import { optionalField } from './optional-field.js';
import { once } from '../internal/once.js';
import { timestampSchema } from '../dates/timestamp-schema.js';

/** A tracking code of an order. */
export const rastreioSchema = once(() =>
  z.looseObject({
    id: z.string(),
    codigo: z.string(),
    transportadora: optionalField(z.string()),
    /** After validation the partner can no longer remove it. */
    validado: z.boolean(),
    cadastradoPeloParceiro: optionalField(z.boolean()),
    criadoEm: timestampSchema(),
  }),
);

/** A tracking code of an order. */
export type Rastreio = z.output<ReturnType<typeof rastreioSchema>>;
