import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { optionalField } from './optional-field.js';
import { built, lazySchema } from '../internal/lazy-schema.js';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { pedidoRefSchema } from './etiqueta.js';
import { openEnum } from './enums.js';

/** A ledger entry: positive `valor` is a credit, negative a debit. */
export const lancamentoSchema = lazySchema(() => looseObject({
  id: z.string(),
  tipo: openEnum(['CREDITO']),
  valor: built(moneySchema),
  descricao: optionalField(z.string()),
  /** Present when an order originated the entry. */
  pedido: optionalField(built(pedidoRefSchema)),
  criadoEm: built(timestampSchema),
}));

/** A ledger entry. */
export type Lancamento = z.output<typeof lancamentoSchema>;
