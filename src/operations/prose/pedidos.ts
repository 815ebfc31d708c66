import type { PEDIDOS_ROWS } from '../pedidos.js';
import type { OperationProse } from './operation-prose.js';

/** @internal What the document, the MCP tools and the docs say of each row of ../pedidos.ts, by the same names. */
export const PEDIDOS_PROSE = {
  pedidosListar: {
    summary: 'Lists the orders, page by page.',
    description: "Lists the partner's orders, page by page. Needs the `pedidos:ler` permission.",
  },
  pedidosObter: {
    summary: 'One order with its result, tracking codes and attachments.',
    description: 'Reads one order with its items (each with the `id` the sale-value operation takes), customer, tracking codes, attachments and expenses. An unknown order answers 404 NAO_ENCONTRADO.',
  },
  pedidosCriar: {
    summary: 'Creates an order; always with an Idempotency-Key.',
    description:
      'Creates an order from its items; the Idempotency-Key is required and a repeated key with the same body answers the first result. Answers 422 ITENS_INDISPONIVEIS (with `itens`) when an item cannot be sold now and 409 REFERENCIA_EXTERNA_DUPLICADA (with `pedido`) when the reference exists: do not retry either.',
  },
  pedidosValidar: {
    summary: 'Simulates creating an order: the same checks and errors, nothing stored.',
    description: 'Runs every check of order creation without creating anything, with the same errors (ITENS_INDISPONIVEIS, PROFILE_INCOMPLETE, VALIDACAO) and the total the order would have.',
  },
  pedidosDefinirValorVenda: {
    summary: 'Sets the sale value of an order item, which labels need for the content declaration.',
    description:
      "Sets the price the partner sells an order item for, which a label's content declaration needs (else 400 SALE_VALUE_REQUIRED on labels). `itemId` is the `id` of one of the order's `itens`.",
  },
  pedidosRastreiosAdicionar: {
    summary: 'Adds a tracking code to an order.',
    description: 'Adds a tracking code to an order, registered by the partner. The local sandbox answers 409 CONFLITO for a code already on the order.',
  },
  pedidosRastreiosRemover: {
    summary: 'Removes a tracking code; refused by the API once validated.',
    description: 'Removes a tracking code the partner added. Once validated it can no longer be removed (the local sandbox answers 409 CONFLITO).',
  },
  pedidosComprovantesEnviar: {
    summary: 'Uploads a payment proof (PDF, JPEG or PNG) as multipart/form-data.',
    description:
      'Uploads a payment proof (PDF, JPEG or PNG, checked from the content) in the multipart part `arquivo`. A PDF with script, an embedded file, a form or a password answers 400 VALIDACAO; an order with a validated proof accepts no other.',
  },
  pedidosComprovantesRemover: {
    summary: 'Removes a payment proof; refused by the API once validated.',
    description: 'Removes a payment proof. Once validated it can no longer be removed (the local sandbox answers 409 CONFLITO).',
  },
  pedidosDespesasAdicionar: {
    summary: 'Adds an expense to an order.',
    description: 'Adds an expense (description and amount) to an order. Invalid fields answer 400 VALIDACAO.',
  },
  pedidosDespesasRemover: {
    summary: 'Removes an expense of an order.',
    description: 'Removes an expense of an order. Answers 204 with no body.',
  },
} satisfies Record<keyof typeof PEDIDOS_ROWS, OperationProse>;
