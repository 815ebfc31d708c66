import type { ProdutoRecord } from '../catalog/types.js';
import type { WireItemLote } from '../webhooks/wire-types.js';
import { joinChanges, toItem, type ProductChange } from './product-change.js';

/**
 * The changes made inside one `fake.catalog.batch(fn)`, merged per product and kind in the order of
 * first change, turned into `itens` with each product's final state when the lote is sent.
 */
export class LoteBatch {
  readonly #changes = new Map<string, ProductChange>();
  /** `ativo` of each product before its first change in the lote. */
  readonly #ativoAntes = new Map<string, boolean | undefined>();

  /** Adds a change; `ativoAntes` is the product's `ativo` before it (`undefined` for a product created here). */
  add(change: ProductChange, ativoAntes: boolean | undefined): void {
    if (!this.#ativoAntes.has(change.sku)) this.#ativoAntes.set(change.sku, ativoAntes);
    const key = `${change.sku}\u0000${change.evento}`;
    const previous = this.#changes.get(key);
    this.#changes.set(key, previous ? joinChanges(previous, change) : change);
  }

  /**
   * The lote's items. A deactivation or reactivation stays only when it matches where the product ended,
   * and not when the product ended as it began (nothing left to tell about `ativo`).
   */
  itens(get: (sku: string) => ProdutoRecord): WireItemLote[] {
    const itens: WireItemLote[] = [];
    for (const change of this.#changes.values()) {
      const produto = get(change.sku);
      if (change.evento === 'produto.desativado' || change.evento === 'produto.reativado') {
        const antes = this.#ativoAntes.get(change.sku);
        if (produto.ativo !== (change.evento === 'produto.reativado') || produto.ativo === antes) continue;
      }
      itens.push(toItem(change, produto));
    }
    return itens;
  }
}
