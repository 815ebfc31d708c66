import * as z from 'zod';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { pedidoRefSchema } from './etiqueta.js';
import { openEnum } from './enums.js';

/** A ledger entry: positive `valor` is a credit, negative a debit. */
export const lancamentoSchema = z.looseObject({
  id: z.string(),
  tipo: openEnum(['CREDITO']),
  valor: moneySchema,
  descricao: z.string(),
  /** Present when an order originated the entry. */
  pedido: pedidoRefSchema.optional(),
  criadoEm: timestampSchema,
});

/** A ledger entry. */
export type Lancamento = z.output<typeof lancamentoSchema>;
