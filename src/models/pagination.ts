import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import type * as core from 'zod/v4/core';

/** The `paginacao` part of a list response. */
export const paginacaoSchema = once(() =>
  z.looseObject({
    proximoCursor: z.nullable(z.string()),
    temMais: z.boolean(),
  }),
);

/** The zod schema of a list response whose items `T` validates. */
export type PageEnvelopeSchema<T extends core.$ZodType> = z.ZodMiniObject<{ dados: z.ZodMiniArray<T>; paginacao: ReturnType<typeof paginacaoSchema> }, core.$loose>;

// One envelope per item schema: every list call asks for it, and building a zod schema is not free.
const envelopes = new WeakMap<core.$ZodType, core.$ZodType>();

/** The envelope of every list response: one page of `item`s and where the next page starts. */
export function pageEnvelopeSchema<T extends core.$ZodType>(item: T): PageEnvelopeSchema<T> {
  let envelope = envelopes.get(item) as PageEnvelopeSchema<T> | undefined;
  if (!envelope) {
    envelope = z.looseObject({ dados: z.array(item), paginacao: paginacaoSchema() });
    envelopes.set(item, envelope);
  }
  return envelope;
}

/** `paginacao` of a list response: `proximoCursor` is `null` and `temMais` false on the last page. */
export type Paginacao = z.output<ReturnType<typeof paginacaoSchema>>;
/** A list response with items of type `T`. */
export type PageEnvelope<T> = z.output<PageEnvelopeSchema<core.$ZodType<T>>>;
