import * as z from 'zod/mini';
import { optionalField } from './optional-field.js';
import { once } from '../internal/once.js';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { openEnum } from './enums.js';

/** An attachment of an order (payment proof and similar). */
export const anexoSchema = once(() =>
  z.looseObject({
    id: z.string(),
    tipo: openEnum(['COMPROVANTE']),
    nomeArquivo: optionalField(z.string()),
    tipoArquivo: optionalField(z.string()),
    tamanhoBytes: optionalField(z.int()),
    /** True once the supplier checked it; a validated proof can no longer be removed. */
    validado: z.boolean(),
    enviadoPeloParceiro: optionalField(z.boolean()),
    criadoEm: timestampSchema(),
  }),
);

/** An attachment of an order. */
export type Anexo = z.output<ReturnType<typeof anexoSchema>>;
