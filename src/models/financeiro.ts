import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { moneySchema } from '../money/schema.js';
import { optionalField } from './optional-field.js';
import { timestampSchema } from '../dates/timestamp-schema.js';

/**
 * The balance (GET /v1/financeiro/saldo). The spec does not show its fields: `saldo`, the amount the
 * name implies, is typed as Money when sent, and `atualizadoEm` as the sandbox sends it; every other field is kept as sent.
 */
export const saldoSchema = once(() =>
  z.looseObject({
    /** The balance: credits minus debits. */
    saldo: optionalField(moneySchema()),
    /** When the balance was computed. */
    atualizadoEm: optionalField(timestampSchema()),
  }),
);

/** The partner's balance; `saldo` as Money, the rest as sent. */
export type Saldo = z.output<ReturnType<typeof saldoSchema>>;
