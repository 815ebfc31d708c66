import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { optionalField } from './optional-field.js';
import { built, lazySchema } from '../internal/lazy-schema.js';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { anexoSchema } from './anexo.js';
import { openEnum, STATUS_PEDIDO } from './enums.js';
import { rastreioSchema } from './rastreio.js';

/** The order summary, as order events send it (and the core of every order record). */
export const pedidoResumoSchema = lazySchema(() => looseObject({
  id: z.string(),
  numero: z.int(),
  status: openEnum(STATUS_PEDIDO),
  total: built(moneySchema),
  origem: optionalField(openEnum(['API'])),
  referenciaExterna: optionalField(z.string()),
  enviarPara: optionalField(openEnum(['CLIENTE'])),
  criadoEm: built(timestampSchema),
  atualizadoEm: built(timestampSchema),
  /** Only in pedido.status_alterado: the state before the change. */
  statusAnterior: z.optional(openEnum(STATUS_PEDIDO)),
}));

/**
 * An order as GET /v1/pedidos/{id} and the simulators answer it. Beyond the summary the spec only
 * names items, recipient, result, tracking codes and attachments: the last two are typed, the
 * rest kept as sent.
 */
export const pedidoSchema = lazySchema(() =>
  z.extend(built(pedidoResumoSchema), {
    rastreios: z.optional(z.array(built(rastreioSchema))),
    anexos: z.optional(z.array(built(anexoSchema))),
    itens: z.optional(z.array(looseObject({}))),
  }),
);

/** An order summary (the fields order events carry). */
export type PedidoResumo = z.output<typeof pedidoResumoSchema>;
/** An order with whatever detail the API sends. */
export type Pedido = z.output<typeof pedidoSchema>;
