import * as z from 'zod';

/** The body of every API error: `{ erro: { codigo, mensagem, detalhes, requestId, doc, ... } }`. */
export const erroBodySchema = z.looseObject({
  erro: z.looseObject({
    codigo: z.string(),
    mensagem: z.string(),
    detalhes: z.array(z.looseObject({})),
    requestId: z.string(),
    doc: z.string(),
  }),
});

/** The body of an API error, as sent. */
export type ErroBody = z.output<typeof erroBodySchema>;
