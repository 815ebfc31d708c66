import * as z from 'zod';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { anexoSchema } from './anexo.js';
import { openEnum, STATUS_PEDIDO } from './enums.js';
import { rastreioSchema } from './rastreio.js';

/** The order summary, as order events send it (and the core of every order record). */
export const pedidoResumoSchema = z.looseObject({
  id: z.string(),
  numero: z.int(),
  status: openEnum(STATUS_PEDIDO),
  total: moneySchema,
  origem: openEnum(['API']),
  referenciaExterna: z.string().optional(),
  enviarPara: openEnum(['CLIENTE']),
  criadoEm: timestampSchema,
  atualizadoEm: timestampSchema,
  /** Only in pedido.status_alterado: the state before the change. */
  statusAnterior: openEnum(STATUS_PEDIDO).optional(),
});

/**
 * An order as GET /v1/pedidos/{id} and the simulators answer it. Beyond the summary the spec only
 * names items, recipient, result, tracking codes and attachments: the last two are typed, the
 * rest kept as sent.
 */
export const pedidoSchema = pedidoResumoSchema.extend({
  rastreios: z.array(rastreioSchema).optional(),
  anexos: z.array(anexoSchema).optional(),
  itens: z.array(z.looseObject({})).optional(),
});

/** An order summary (the fields order events carry). */
export type PedidoResumo = z.output<typeof pedidoResumoSchema>;
/** An order with whatever detail the API sends. */
export type Pedido = z.output<typeof pedidoSchema>;
