import * as z from 'zod/mini';
import { once } from '../../internal/once.js';
import { moneyInput } from './money-input.js';
import { described, nonEmptyText } from './text.js';

// Request bodies of the order operations. The spec does not show the order body: only what the SDK
// checks before sending is a rule here; every object stays open, as the SDK sends extra fields as given.

/**
 * One item of an order body, as the local sandbox reads it: `{ sku, numeracao, quantidade }` (a
 * product, one of its sizes, whole pairs). The spec does not show the order body; this is the local
 * sandbox's assumption, so nothing is required and other fields are sent as given.
 */
export const pedidoItemBodySchema = once(() => z.looseObject({
  sku: described(z.optional(z.string()), "The product's SKU"),
  numeracao: described(z.optional(z.string()), "One of the product's sizes (numeracao of its numeracoes)"),
  quantidade: described(z.optional(z.int()), 'Whole pairs, at least 1'),
}));

/** Body of POST /v1/pedidos and POST /v1/pedidos/validar. */
export const pedidoCriarBodySchema = once(() => described(z.looseObject({
  /** Checked by the SDK: a non-empty string when present (REFERENCIA_EXTERNA_DUPLICADA when reused). */
  referenciaExterna: described(z.optional(nonEmptyText()), 'Your own reference for the order, unique per partner (REFERENCIA_EXTERNA_DUPLICADA when reused)'),
  /** Delivery target; `CLIENTE` is the one value the spec shows. */
  enviarPara: described(z.optional(z.string()), 'Delivery target; CLIENTE sends it to your customer (no minimum of pairs)'),
  /** The items; an ITENS_INDISPONIVEIS error's `indice` is a position here. */
  itens: described(z.optional(z.array(pedidoItemBodySchema())), "The order's items; an ITENS_INDISPONIVEIS error's indice is a position in this array"),
}), 'The order (the spec does not show its body; fields other than those named are sent as given)'));

/** Body of PATCH /v1/pedidos/{pedidoId}/itens/{itemId}/valor-venda, as the SDK builds it (shape inferred). */
export const valorVendaBodySchema = once(() => z.object({ valor: described(moneyInput(), 'Sale value of the item, a money string with two decimals such as "129.90"') }));

/** Body of POST /v1/pedidos/{pedidoId}/rastreios: the tracking record's fields, others sent as given. */
export const rastreioAdicionarBodySchema = once(() => described(z.looseObject({
  codigo: described(z.optional(z.string()), 'The tracking code'),
  transportadora: described(z.optional(z.string()), 'Carrier name'),
}), 'The tracking record (other fields are sent as given)'));

/** Body of POST /v1/pedidos/{pedidoId}/despesas: no field is shown by the spec. */
export const despesaAdicionarBodySchema = once(() => described(z.looseObject({}), 'The expense (not shown by the spec; sent as given)'));
