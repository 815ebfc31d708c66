import type { EventoDe } from './events.js';
import { TIPOS_EVENTO_PRODUTO, type TipoEventoProduto } from './tipos-evento.js';
import type { WebhookHandlers } from './handler-options.js';

/**
 * A single product event, of any of the seven kinds (a union discriminated by `evento`). Every member has
 * `dados.produto`, the whole product (spec rule 1), so code that only mirrors products reads it without
 * narrowing further.
 */
export type EventoProduto = { [K in TipoEventoProduto]: EventoDe<K> }[TipoEventoProduto];

/** What {@link isEventoProduto} narrows `E` to: its product members, or `E` with a product kind when `E` is no union of kinds. */
export type NarrowToProduto<E extends { evento: string }> = [Extract<E, { evento: TipoEventoProduto }>] extends [never]
  ? E & { evento: TipoEventoProduto }
  : Extract<E, { evento: TipoEventoProduto }>;

const PRODUTO: ReadonlySet<string> = new Set(TIPOS_EVENTO_PRODUTO);

/**
 * True when `evento` is one of the seven product kinds. Works on a parsed event (narrowed to
 * {@link EventoProduto}), on a `produto.lote` item (narrowed to the product items, `produto` at the top)
 * and on the testing kit's wire notices. False for `produto.lote` itself, for other areas and for kinds
 * the SDK does not know.
 */
export function isEventoProduto<E extends { evento: string }>(evento: E): evento is NarrowToProduto<E> {
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
 * Deliveries repeat and come out of order: compare with {@link compararProduto} before overwriting.
 *
 * @example
 * createWebhookHandler({
 *   on: {
 *     ...productHandlers(async (e) => {
 *       const atual = await loja.produto(e.dados.produto.sku);
 *       if (deveAplicar(compararProduto(e.dados.produto, atual))) await loja.salvar(e.dados.produto);
 *     }),
 *     'pedido.status_alterado': (e) => atualizarPedido(e.dados.pedido),
 *   },
 *   verify,
 * });
 * @throws {TypeError} when `fn` is not a function.
 */
export function productHandlers(fn: (evento: EventoProduto) => unknown): ProductHandlers {
  if (typeof fn !== 'function') throw new TypeError('productHandlers: the handler must be a function');
  return Object.fromEntries(TIPOS_EVENTO_PRODUTO.map((kind) => [kind, fn])) as ProductHandlers;
}
