import { outboxOptionsSchema } from '../mirror-options.js';
import { checkOptionsWith } from '../../errors/check-options.js';
import { createEmbeddedStore } from '../store/embedded-store.js';
import type { MirrorStore } from '../store/types.js';
import { Outbox } from './outbox.js';
import type { OutboxClient } from './outbox-client.js';

/** Options of {@link createOutbox}. */
export interface OutboxOptions {
  /** The client that sends the calls: a `PartnerCommerce`, or anything with `pedidos.criar` and `etiquetas.emitir`. */
  client: Partial<OutboxClient>;
  /**
   * Where the rows are kept. Pass the mirror's store to keep both in one database; the outbox opens it
   * and applies its migrations itself, and needs no catalog.
   * @default createEmbeddedStore({ dataDir: '.partner-commerce/mirror' }), the mirror's default store
   * (the same folder and engine, so both share one database)
   */
  store?: MirrorStore | undefined;
}

/**
 * Creates the durable outbox for order creation and label issue (see {@link Outbox}). It is not a
 * catalog concern: it shares only the store with the mirror, so a client without `produtos` fits, and
 * no mirror needs to exist.
 *
 * @example
 * const outbox = createOutbox({ client, store: createPgliteStore({ dataDir: './data/espelho' }) });
 * await outbox.replay();                      // once at startup: what a crash left pending
 * const pedido = await outbox.criarPedido(body, { idempotencyKey: `loja-${meuPedido.id}` });
 * @throws {InvalidInputError} naming every bad option: `client` without `pedidos.criar` nor
 * `etiquetas.emitir`, `store` that is not a mirror store, an option it does not know.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  checkOptionsWith(outboxOptionsSchema, options, 'createOutbox', { path: 'client', message: 'createOutbox needs client (a PartnerCommerce, with pedidos.criar or etiquetas.emitir)' });
  const store = options.store ?? createEmbeddedStore();
  return new Outbox(store, options.client);
}
