import * as z from 'zod/mini';
import { once } from '../internal/once.js';

/** The body of every API error: `{ erro: { codigo, mensagem, detalhes, requestId, doc, ... } }`. */
export const erroBodySchema = once(() => z.looseObject({
  erro: z.looseObject({
    codigo: z.string(),
    mensagem: z.string(),
    detalhes: z.array(z.looseObject({})),
    requestId: z.string(),
    doc: z.string(),
  }),
}));

/** The body of an API error, as sent. */
export type ErroBody = z.output<ReturnType<typeof erroBodySchema>>;
