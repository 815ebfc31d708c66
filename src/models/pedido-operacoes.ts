import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { lazySchema } from '../internal/lazy-schema.js';

// Answers of order operations whose shapes the spec does not show: open records, every field kept.

/** Result of POST /v1/pedidos/validar (order creation simulated, nothing created). */
export const pedidoValidacaoSchema = lazySchema(() => looseObject({}));

/** An expense of an order. */
export const despesaSchema = lazySchema(() => looseObject({}));

/** An item of an order, as the sale-value operation answers it. */
export const itemPedidoSchema = lazySchema(() => looseObject({}));

/** Result of validating an order without creating it, as sent. */
export type PedidoValidacao = z.output<typeof pedidoValidacaoSchema>;
/** An expense of an order, as sent. */
export type Despesa = z.output<typeof despesaSchema>;
/** An order item, as sent. */
export type ItemPedido = z.output<typeof itemPedidoSchema>;
