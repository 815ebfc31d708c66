import type { EventoDe } from './events.js';
import { TIPOS_EVENTO_PRODUTO, type TipoEventoProduto } from './tipos-evento.js';
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by {@link} in TSDoc below
import type { WebhookHandlers } from './handler-options.js';
import { checkOptions } from '../errors/check-options.js';
import { productHandlersArgsSchema } from './handler-checks.js';

/**
 * A single product event, of any of the seven kinds (a union discriminated by `evento`). Every member has
 * `dados.produto`, the whole product (spec rule 1), so code that only mirrors products reads it without
 * narrowing further.
 */
export type EventoProduto = { [K in TipoEventoProduto]: EventoDe<K> }[TipoEventoProduto];

const PRODUTO: ReadonlySet<string> = new Set(TIPOS_EVENTO_PRODUTO);

/**
 * True when `evento` is one of the seven product kinds; narrows a parsed event to {@link EventoProduto}.
 * False for `produto.lote` itself (take its items with {@link expandBatch}, each then a parsed event), for
 * other areas and for kinds the SDK does not know. It reads only `evento`, so it answers for a lote item
 * or a wire notice too, but narrows those as parsed events: read their fields as they are typed.
 */
export function isProductEvent(evento: { readonly evento: string }): evento is EventoProduto {
  return PRODUTO.has(evento.evento);
}

/** The handlers {@link productHandlers} gives: one per product kind, each typed as `createWebhookHandler` expects. */
export type ProductHandlers = { [K in TipoEventoProduto]: (evento: EventoDe<K>) => unknown };

/**
 * One function for "a product changed": the handlers map for `createWebhookHandler`'s `on`, with `fn`
 * under each of the seven product kinds. Items of a `produto.lote` reach `fn` too, one by one as single
 * events (id `${loteId}:${index}`), so both formats of the spec go through the same code. Spread it to
 * add other kinds; a kind given after the spread replaces `fn` for that kind. A `'produto.lote'` handler,
 * if also given, takes whole lotes instead (see {@link WebhookHandlers}).
 *
 * Deliveries repeat and come out of order: compare with {@link compareProducts} before overwriting.
 *
 * @example
 * createWebhookHandler({
 *   on: {
 *     ...productHandlers(async (e) => {
 *       const atual = await loja.produto(e.dados.produto.sku);
 *       if (shouldApply(compareProducts(e.dados.produto, atual))) await loja.salvar(e.dados.produto);
 *     }),
 *     'pedido.status_alterado': (e) => atualizarPedido(e.dados.pedido),
 *   },
 *   verify,
 * });
 * @throws {InvalidInputError} naming `fn` when it is not a function.
 */
export function productHandlers(fn: (evento: EventoProduto) => unknown): ProductHandlers {
  checkOptions(productHandlersArgsSchema, { fn }, 'productHandlers');
  return Object.fromEntries(TIPOS_EVENTO_PRODUTO.map((kind) => [kind, fn])) as ProductHandlers;
}
