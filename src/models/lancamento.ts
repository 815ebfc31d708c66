import * as z from 'zod/mini';
import { optionalField } from './optional-field.js';
import { once } from '../internal/once.js';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { pedidoRefSchema } from './etiqueta.js';
import { openEnum } from './enums.js';

/** A ledger entry: positive `valor` is a credit, negative a debit. */
export const lancamentoSchema = once(() =>
  z.looseObject({
    id: z.string(),
    tipo: openEnum(['CREDITO']),
    valor: moneySchema(),
    descricao: optionalField(z.string()),
    /** Present when an order originated the entry. */
    pedido: optionalField(pedidoRefSchema()),
    criadoEm: timestampSchema(),
  }),
);

/** A ledger entry. */
export type Lancamento = z.output<ReturnType<typeof lancamentoSchema>>;
