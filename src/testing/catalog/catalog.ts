import type { EstoqueRecord, ProdutoRecord } from './types.js';

/**
 * The products by sku. One catalog is shared by every account, as the spec says of the sandbox; the
 * stock simulator will write here later.
 */
export class Catalog {
  readonly #bySku = new Map<string, ProdutoRecord>();

  constructor(produtos: readonly ProdutoRecord[]) {
    for (const produto of produtos) this.#bySku.set(produto.sku, produto);
  }

  /** Every product, inactive ones included: incremental sync must see products leave. */
  all(): ProdutoRecord[] {
    return [...this.#bySku.values()];
  }

  /** The product with this sku, if the catalog has it. */
  get(sku: string): ProdutoRecord | undefined {
    return this.#bySku.get(sku);
  }

  /** The Product stock shape of a product. */
  estoque(sku: string): EstoqueRecord | undefined {
    const produto = this.#bySku.get(sku);
    if (!produto) return undefined;
    return { sku: produto.sku, ativo: produto.ativo, numeracoes: produto.numeracoes, atualizadoEm: produto.atualizadoEm };
  }
}
