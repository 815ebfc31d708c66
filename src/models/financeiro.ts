import * as z from 'zod';

/** The balance (GET /v1/financeiro/saldo). The spec does not show its fields; all are kept as sent. */
export const saldoSchema = z.looseObject({});

/** The partner's balance, as sent. */
export type Saldo = z.output<typeof saldoSchema>;
