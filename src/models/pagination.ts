import * as z from 'zod';

/** The `paginacao` part of a list response. */
export const paginacaoSchema = z.looseObject({
  proximoCursor: z.string().nullable(),
  temMais: z.boolean(),
});

/** The envelope of every list response: one page of `item`s and where the next page starts. */
export function pageEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    dados: z.array(item),
    paginacao: paginacaoSchema,
  });
}

/** `paginacao` of a list response: `proximoCursor` is `null` and `temMais` false on the last page. */
export type Paginacao = z.output<typeof paginacaoSchema>;
/** A list response with items of type `T`. */
export type PageEnvelope<T> = z.output<ReturnType<typeof pageEnvelopeSchema<z.ZodType<T>>>>;
