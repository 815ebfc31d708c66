import * as z from 'zod/mini';
import { optionalField } from './optional-field.js';
import { once } from '../internal/once.js';
import { timestampSchema } from '../dates/timestamp-schema.js';

/**
 * A customer as events send it (no contact or address, by design). The API's full customer record
 * adds contact and address fields the spec does not show; they are kept as sent.
 */
export const clienteResumoSchema = once(() =>
  z.looseObject({
    id: z.string(),
    nome: optionalField(z.string()),
    criadoEm: timestampSchema(),
    atualizadoEm: timestampSchema(),
  }),
);

/** A customer of the partner's book. */
export type ClienteResumo = z.output<ReturnType<typeof clienteResumoSchema>>;

/**
 * A customer as the API answers it (GET, POST, PATCH /v1/clientes...). The spec does not show the full
 * record: only `id` is required; the summary fields and the contact and address paths it names
 * (`whatsapp`, `endereco.cep`, `endereco.rua`) are typed when present, and every other field is kept as sent.
 */
export const clienteSchema = once(() =>
  z.extend(z.partial(clienteResumoSchema()), {
    id: z.string(),
    /** Contact number; the spec names the path (`alterados` of cliente.atualizado), not its format. */
    whatsapp: optionalField(z.string()),
    /** Address; the spec names `endereco.cep` and `endereco.rua`. */
    endereco: optionalField(z.looseObject({ cep: optionalField(z.string()), rua: optionalField(z.string()) })),
  }),
);

/** A customer record: `id`, the summary fields when sent, and whatever else the API sends. */
export type Cliente = z.output<ReturnType<typeof clienteSchema>>;
