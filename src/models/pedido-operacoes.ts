import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { moneySchema } from '../money/schema.js';
import { optionalField } from './optional-field.js';

// Answers of order operations whose shapes the spec does not show: open records, every field kept;
// only the money fields their operations name are typed (as Money, when sent).

/** Result of POST /v1/pedidos/validar (order creation simulated, nothing created). */
export const pedidoValidacaoSchema = once(() => z.looseObject({
  /** What the order would cost. */
  total: optionalField(moneySchema()),
}));

/** An expense of an order. */
export const despesaSchema = once(() => z.looseObject({
  /** The expense's amount. */
  valor: optionalField(moneySchema()),
}));

/** An item of an order, as the sale-value operation answers it. */
export const itemPedidoSchema = once(() => z.looseObject({
  /** The wholesale price the partner pays for one pair. */
  precoAtacado: optionalField(moneySchema()),
  /** The price the partner sells it for (set with `definirValorVenda`); null until set. */
  valorVenda: optionalField(moneySchema()),
}));

/** Result of validating an order without creating it; `total` as Money, the rest as sent. */
export type PedidoValidacao = z.output<ReturnType<typeof pedidoValidacaoSchema>>;
/** An expense of an order; `valor` as Money, the rest as sent. */
export type Despesa = z.output<ReturnType<typeof despesaSchema>>;
/** An order item; its prices as Money, the rest as sent. */
export type ItemPedido = z.output<ReturnType<typeof itemPedidoSchema>>;
