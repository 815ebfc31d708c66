import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { lazySchema } from '../internal/lazy-schema.js';

/** The body of every API error: `{ erro: { codigo, mensagem, detalhes, requestId, doc, ... } }`. */
export const erroBodySchema = lazySchema(() => looseObject({
  erro: looseObject({
    codigo: z.string(),
    mensagem: z.string(),
    detalhes: z.array(looseObject({})),
    requestId: z.string(),
    doc: z.string(),
  }),
}));

/** The body of an API error, as sent. */
export type ErroBody = z.output<typeof erroBodySchema>;
