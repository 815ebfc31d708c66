import { InvalidInputError } from '../../errors/invalid-input-error.js';
import type { FakeProductEventKind, WireItemLote } from '../webhooks/wire-types.js';
import type { DeepPartial } from './build-event.js';
import { DEFAULT_DADOS } from './dados.js';
import { merge } from './merge.js';

/**
 * Builds one item of a `produto.lote` of kind `evento`, as the API sends it: `evento` and the `dados`
 * its single notice would have (`produto`, and `alterados` / `anterior` for the kinds that carry them),
 * from the same plausible defaults as {@link buildWebhookEvent}. `overrides` merge in deeply (objects
 * merge, arrays replace).
 *
 * @example
 * const lote = buildWebhookEvent('produto.lote', {
 *   dados: { total: 2, itens: [buildBatchItem('produto.desativado', { produto: { sku: 'SKU-0002' } }), buildBatchItem('produto.criado')] },
 * });
 * @throws {InvalidInputError} naming `evento` when it is not one of the seven product kinds.
 */
export function buildBatchItem<K extends FakeProductEventKind>(evento: K, overrides?: DeepPartial<WireItemLote<K>>): WireItemLote<K> {
  if (typeof evento !== 'string' || !evento.startsWith('produto.') || (evento as string) === 'produto.lote' || !Object.hasOwn(DEFAULT_DADOS, evento)) {
    throw new InvalidInputError({ path: 'evento', message: `a lote item is one of the product event kinds (produto.criado, produto.preco_atualizado...); got ${JSON.stringify(evento)}` });
  }
  const dados = DEFAULT_DADOS[evento]();
  return merge({ evento, ...dados }, { ...overrides, evento }) as WireItemLote<K>;
}
