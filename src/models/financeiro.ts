import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { moneySchema } from '../money/schema.js';
import { optionalField } from './optional-field.js';

/**
 * The balance (GET /v1/financeiro/saldo). The spec does not show its fields: `saldo`, the amount the
 * name implies, is typed as Money when sent; every other field is kept as sent.
 */
export const saldoSchema = once(() => z.looseObject({
  /** The balance: credits minus debits. */
  saldo: optionalField(moneySchema()),
}));

/** The partner's balance; `saldo` as Money, the rest as sent. */
export type Saldo = z.output<ReturnType<typeof saldoSchema>>;
