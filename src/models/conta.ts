import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { refSchema } from './common.js';
import { optionalField } from './optional-field.js';

/**
 * The partner's account (GET /v1/conta). The spec names only `fichaCompleta` (whether the profile
 * record is complete; PROFILE_INCOMPLETE points here); `id` and `nome`, which the sandbox sends, are
 * typed too. All are optional, as the spec shows no field: every other field is kept as sent.
 */
export const contaSchema = once(() =>
  z.looseObject({
    /** The account's id, as the sandbox sends it. */
    id: optionalField(z.string()),
    /** The partner's name, as the sandbox sends it. */
    nome: optionalField(z.string()),
    /** True when the partner's profile record is complete; some operations answer PROFILE_INCOMPLETE otherwise. */
    fichaCompleta: z.optional(z.boolean()),
  }),
);

/**
 * Who is calling (GET /v1/eu): the integration behind the token, its account and its permissions.
 * The spec does not show the record; these are the fields the sandbox sends, each optional, all kept.
 */
export const euSchema = once(() =>
  z.looseObject({
    /** The integration the token belongs to (`{ id, nome }`). */
    integracao: optionalField(refSchema()),
    /** The partner's account, as GET /v1/conta answers it. */
    conta: optionalField(contaSchema()),
    /** The permissions granted to the integration (`pedidos:ler`...); a missing one answers 403 ESCOPO_INSUFICIENTE. */
    permissoes: optionalField(z.array(z.string())),
  }),
);

/** The partner's account; only `fichaCompleta` is named by the spec. */
export type Conta = z.output<ReturnType<typeof contaSchema>>;
/** The integration behind the token, as GET /v1/eu sends it. */
export type Eu = z.output<ReturnType<typeof euSchema>>;
