import * as z from 'zod';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { openEnum, STATUS_ETIQUETA } from './enums.js';

/** `{ id, numero }` of the order a record belongs to. */
export const pedidoRefSchema = z.looseObject({ id: z.string(), numero: z.int() });

/** A shipping label. */
export const etiquetaSchema = z.looseObject({
  id: z.string(),
  pedido: pedidoRefSchema,
  servico: z.looseObject({ id: z.int(), nome: z.string() }),
  transportadora: z.string(),
  valor: moneySchema,
  status: openEnum(STATUS_ETIQUETA),
  rastreio: z.string(),
  emitidaEm: timestampSchema,
  impressaEm: timestampSchema.nullable(),
  despachadaEm: timestampSchema.nullable(),
  canceladaEm: timestampSchema.nullable(),
  atualizadoEm: timestampSchema,
  /** Only in etiqueta.status_alterado: the state before the change. */
  statusAnterior: openEnum(STATUS_ETIQUETA).optional(),
});

/** `{ id, numero }` of an order. */
export type PedidoRef = z.output<typeof pedidoRefSchema>;
/** A shipping label. */
export type Etiqueta = z.output<typeof etiquetaSchema>;
