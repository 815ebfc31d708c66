import * as z from 'zod/mini';
import { once } from '../../internal/once.js';
import { moneySchema } from '../../money/schema.js';
import { nonEmptyText } from './text.js';

// Request bodies of the order operations. The spec does not show the order body: only what the SDK
// checks before sending is a rule here; every object stays open, as the SDK sends extra fields as given.

/**
 * One item of an order body, as the local sandbox reads it: `{ sku, numeracao, quantidade }` (a
 * product, one of its sizes, whole pairs). The spec does not show the order body; this is the local
 * sandbox's assumption, so nothing is required and other fields are sent as given.
 */
export const pedidoItemBodySchema = once(() => z.looseObject({
  /** The product's SKU. */
  sku: z.optional(z.string()),
  /** One of the product's sizes (`numeracao` of its `numeracoes`). */
  numeracao: z.optional(z.string()),
  /** Whole pairs, at least 1. */
  quantidade: z.optional(z.int()),
}));

/** Body of POST /v1/pedidos and POST /v1/pedidos/validar. */
export const pedidoCriarBodySchema = once(() => z.looseObject({
  /** Checked by the SDK: a non-empty string when present (REFERENCIA_EXTERNA_DUPLICADA when reused). */
  referenciaExterna: z.optional(nonEmptyText()),
  /** Delivery target; `CLIENTE` is the one value the spec shows. */
  enviarPara: z.optional(z.string()),
  /** The items; an ITENS_INDISPONIVEIS error's `indice` is a position here. */
  itens: z.optional(z.array(pedidoItemBodySchema())),
}));

/** Body of PATCH /v1/pedidos/{pedidoId}/itens/{itemId}/valor-venda, as the SDK builds it (shape inferred). */
export const valorVendaBodySchema = once(() => z.object({ valor: moneySchema() }));

/** Body of POST /v1/pedidos/{pedidoId}/rastreios: the tracking record's fields, others sent as given. */
export const rastreioAdicionarBodySchema = once(() => z.looseObject({
  codigo: z.optional(z.string()),
  transportadora: z.optional(z.string()),
}));

/** Body of POST /v1/pedidos/{pedidoId}/despesas: no field is shown by the spec. */
export const despesaAdicionarBodySchema = once(() => z.looseObject({}));
