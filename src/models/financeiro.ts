import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { lazySchema } from '../internal/lazy-schema.js';

/** The balance (GET /v1/financeiro/saldo). The spec does not show its fields; all are kept as sent. */
export const saldoSchema = lazySchema(() => looseObject({}));

/** The partner's balance, as sent. */
export type Saldo = z.output<typeof saldoSchema>;
