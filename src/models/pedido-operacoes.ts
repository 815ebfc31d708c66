import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { optionalField } from './optional-field.js';

// Answers of order operations whose shapes the spec does not show: open records, every field kept.
// The money fields their operations name are typed (as Money, when sent), and so are the fields the
// local sandbox sends, each optional: the spec guarantees none of them.

/** An item of an order, as the order and the sale-value operation answer it. */
export const itemPedidoSchema = once(() =>
  z.looseObject({
    /**
     * The item's id, the `itemId` of PATCH /v1/pedidos/{pedidoId}/itens/{itemId}/valor-venda: the route
     * implies it; optional because the spec does not show the answer.
     */
    id: z.optional(z.string()),
    /** The product ordered. */
    sku: optionalField(z.string()),
    /** The size ordered (`numeracao` of one of the product's sizes). */
    numeracao: optionalField(z.string()),
    /** The size's own SKU. */
    skuVariacao: optionalField(z.string()),
    /** The product's title when the order was made. */
    titulo: optionalField(z.string()),
    /** Pairs ordered. */
    quantidade: optionalField(z.int()),
    /** The wholesale price the partner pays for one pair. */
    precoAtacado: optionalField(moneySchema()),
    /** `precoAtacado` times `quantidade`. */
    subtotal: optionalField(moneySchema()),
    /** The price the partner sells it for (set with `definirValorVenda`); null until set. */
    valorVenda: optionalField(moneySchema()),
  }),
);

/** An item of a validated order body: where it is in the body sent, and what it would cost. */
export const itemValidadoSchema = once(() =>
  z.looseObject({
    /** Position of the item in the `itens` of the body sent. */
    indice: optionalField(z.int()),
    sku: optionalField(z.string()),
    numeracao: optionalField(z.string()),
    quantidade: optionalField(z.int()),
    precoAtacado: optionalField(moneySchema()),
    subtotal: optionalField(moneySchema()),
  }),
);

/** Result of POST /v1/pedidos/validar (order creation simulated, nothing created). */
export const pedidoValidacaoSchema = once(() =>
  z.looseObject({
    /** True when the order could be created as sent. */
    valido: optionalField(z.boolean()),
    /** What the order would cost. */
    total: optionalField(moneySchema()),
    /** The items as they would be priced. */
    itens: optionalField(z.array(itemValidadoSchema())),
  }),
);

/** An expense of an order. */
export const despesaSchema = once(() =>
  z.looseObject({
    id: z.optional(z.string()),
    /** What the expense is for. */
    descricao: optionalField(z.string()),
    /** The expense's amount. */
    valor: optionalField(moneySchema()),
    criadoEm: optionalField(timestampSchema()),
  }),
);

/** Result of validating an order without creating it; `total` as Money, the rest as sent. */
export type PedidoValidacao = z.output<ReturnType<typeof pedidoValidacaoSchema>>;
/** An item of a validated order body. */
export type ItemValidado = z.output<ReturnType<typeof itemValidadoSchema>>;
/** An expense of an order; `valor` as Money, the rest as sent. */
export type Despesa = z.output<ReturnType<typeof despesaSchema>>;
/** An order item: its `id` (for `definirValorVenda`), prices as Money, the rest as sent. */
export type ItemPedido = z.output<ReturnType<typeof itemPedidoSchema>>;
