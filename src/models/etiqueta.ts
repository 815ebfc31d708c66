import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { optionalField } from './optional-field.js';
import { built, lazySchema } from '../internal/lazy-schema.js';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { openEnum, STATUS_ETIQUETA } from './enums.js';

/** `{ id, numero }` of the order a record belongs to. */
export const pedidoRefSchema = lazySchema(() => looseObject({ id: z.string(), numero: z.int() }));

/** A shipping label. */
export const etiquetaSchema = lazySchema(() => looseObject({
  id: z.string(),
  pedido: built(pedidoRefSchema),
  servico: optionalField(looseObject({ id: z.int(), nome: optionalField(z.string()) })),
  transportadora: optionalField(z.string()),
  valor: built(moneySchema),
  status: openEnum(STATUS_ETIQUETA),
  rastreio: optionalField(z.string()),
  emitidaEm: built(timestampSchema),
  impressaEm: z.nullable(built(timestampSchema)),
  despachadaEm: z.nullable(built(timestampSchema)),
  canceladaEm: z.nullable(built(timestampSchema)),
  atualizadoEm: built(timestampSchema),
  /** Only in etiqueta.status_alterado: the state before the change. */
  statusAnterior: z.optional(openEnum(STATUS_ETIQUETA)),
}));

/** `{ id, numero }` of an order. */
export type PedidoRef = z.output<typeof pedidoRefSchema>;
/** A shipping label. */
export type Etiqueta = z.output<typeof etiquetaSchema>;
