import * as z from 'zod/mini';
import { once } from '../../internal/once.js';
import { moneyInput } from './money-input.js';
import { described, nonBlankInSandbox, nonEmptyText, sandboxRule } from './text.js';

// Request bodies of the order operations. The spec does not show the order body: only what the SDK
// checks before sending is a rule here; every object stays open, as the SDK sends extra fields as given.
// What the local sandbox requires beyond that is stated for the document only (sandboxRule), marked as
// its rule, not the spec's.

/** An order body the local sandbox accepts (its reading: the spec does not show the body), the document's example. */
export const ORDER_BODY_EXAMPLE = { referenciaExterna: 'REF-1', itens: [{ sku: 'TEN-001', numeracao: '38', quantidade: 2 }] } as const;

/**
 * One item of an order body, as the local sandbox reads it: `{ sku, numeracao, quantidade }` (a
 * product, one of its sizes, whole pairs). The spec does not show the order body; this is the local
 * sandbox's assumption, so nothing is required and other fields are sent as given.
 */
export const pedidoItemBodySchema = once(() =>
  sandboxRule(
    described(
      z.looseObject({
        sku: nonBlankInSandbox(described(z.optional(z.string()), "The product's SKU")),
        numeracao: nonBlankInSandbox(described(z.optional(z.string()), "One of the product's sizes (numeracao of its numeracoes)")),
        quantidade: sandboxRule(described(z.optional(z.int()), 'Whole pairs'), 'an integer of at least 1', { minimum: 1 }),
      }),
      'One item of the order: a product (`sku`), one of its sizes (`numeracao`) and whole pairs (`quantidade`)',
    ),
    'all three of sku, numeracao and quantidade',
    { required: ['sku', 'numeracao', 'quantidade'], examples: [ORDER_BODY_EXAMPLE.itens[0]] },
  ),
);

/** Body of POST /v1/pedidos and POST /v1/pedidos/validar. */
export const pedidoCriarBodySchema = once(() =>
  sandboxRule(
    described(
      z.looseObject({
        /** Checked by the SDK: a non-empty string when present (REFERENCIA_EXTERNA_DUPLICADA when reused). */
        referenciaExterna: nonBlankInSandbox(described(z.optional(nonEmptyText()), 'Your own reference for the order, unique per partner (REFERENCIA_EXTERNA_DUPLICADA when reused)')),
        /** Delivery target; `CLIENTE` is the one value the spec shows. */
        enviarPara: nonBlankInSandbox(described(z.optional(z.string()), 'Delivery target; CLIENTE sends it to your customer (no minimum of pairs)')),
        /** The items; an ITENS_INDISPONIVEIS error's `indice` is a position here. */
        itens: sandboxRule(described(z.optional(z.array(pedidoItemBodySchema())), "The order's items; an ITENS_INDISPONIVEIS error's indice is a position in this array"), 'at least one item', {
          minItems: 1,
        }),
      }),
      'The order (the spec does not show its body; fields other than those named are sent as given)',
    ),
    '`itens`',
    { required: ['itens'], examples: [ORDER_BODY_EXAMPLE] },
  ),
);

/** Body of PATCH /v1/pedidos/{pedidoId}/itens/{itemId}/valor-venda, as the SDK builds it (shape inferred). */
export const valorVendaBodySchema = once(() =>
  z.object({
    // Above zero: in the wire's words, a pattern generators can draw from (no lookahead).
    valor: sandboxRule(described(moneyInput(), 'Sale value of the item, a money string with two decimals such as "129.90"'), 'an amount above zero', {
      pattern: '^(0\\.(0[1-9]|[1-9][0-9])|[1-9][0-9]*\\.[0-9]{2})$',
    }),
  }),
);

/** Body of POST /v1/pedidos/{pedidoId}/rastreios: the tracking record's fields, others sent as given. */
export const rastreioAdicionarBodySchema = once(() =>
  sandboxRule(
    described(
      z.looseObject({
        codigo: nonBlankInSandbox(described(z.optional(z.string()), 'The tracking code')),
        transportadora: nonBlankInSandbox(described(z.optional(z.string()), 'Carrier name')),
      }),
      'The tracking record (other fields are sent as given)',
    ),
    'both `codigo` and `transportadora`',
    { required: ['codigo', 'transportadora'], examples: [{ codigo: 'AA123456789BR', transportadora: 'Correios' }] },
  ),
);

/** Body of POST /v1/pedidos/{pedidoId}/despesas: no field is shown by the spec. */
export const despesaAdicionarBodySchema = once(() => described(z.looseObject({}), 'The expense (not shown by the spec; sent as given)'));
