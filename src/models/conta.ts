import * as z from 'zod/mini';
import { once } from '../internal/once.js';

/**
 * The partner's account (GET /v1/conta). The spec names only `fichaCompleta` (whether the profile
 * record is complete; PROFILE_INCOMPLETE points here), so that is the one typed field, and optional:
 * every other field is kept as sent.
 */
export const contaSchema = once(() => z.looseObject({
  /** True when the partner's profile record is complete; some operations answer PROFILE_INCOMPLETE otherwise. */
  fichaCompleta: z.optional(z.boolean()),
}));

/** Who is calling (GET /v1/eu): the integration behind the token. The spec does not show its fields; all are kept. */
export const euSchema = once(() => z.looseObject({}));

/** The partner's account; only `fichaCompleta` is named by the spec. */
export type Conta = z.output<ReturnType<typeof contaSchema>>;
/** The integration behind the token, as GET /v1/eu sends it. */
export type Eu = z.output<ReturnType<typeof euSchema>>;
