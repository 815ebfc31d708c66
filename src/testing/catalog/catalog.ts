import { toBrasilia } from '../core/timestamp.js';
import type { EstoqueRecord, NumeracaoRecord, ProdutoRecord, RefRecord } from './types.js';

/**
 * The products by sku. One catalog is shared by every account, as the spec says of the sandbox: a
 * stock change made by one test account (simulator or order) is seen by all.
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

  /** Adds a product (the catalog driver's new product); the caller has checked its sku is free. */
  add(produto: ProdutoRecord): void {
    this.#bySku.set(produto.sku, produto);
  }

  /** The Product stock shape of a product. */
  estoque(sku: string): EstoqueRecord | undefined {
    const produto = this.#bySku.get(sku);
    if (!produto) return undefined;
    return { sku: produto.sku, ativo: produto.ativo, numeracoes: produto.numeracoes, atualizadoEm: produto.atualizadoEm };
  }

  /** The size `numeracao` of a product, if both exist. */
  numeracao(sku: string, numeracao: string): NumeracaoRecord | undefined {
    return this.#bySku.get(sku)?.numeracoes.find((n) => n.numeracao === numeracao);
  }

  /**
   * Sets the stock of one size and stamps `atualizadoEm`. Writing the value it already has changes
   * nothing (and so notifies nothing, spec rule 3). @returns whether the stock changed.
   */
  setEstoque(sku: string, numeracao: string, estoque: number, now: Date): boolean {
    const size = this.numeracao(sku, numeracao);
    if (!size || size.estoque === estoque) return false;
    size.estoque = estoque;
    this.#bySku.get(sku)!.atualizadoEm = toBrasilia(now);
    return true;
  }

  /** Every category of the catalog, once each, by id. */
  categorias(): RefRecord[] {
    const byId = new Map<string, RefRecord>();
    for (const produto of this.#bySku.values()) for (const c of produto.categorias ?? []) byId.set(c.id, c);
    return [...byId.values()];
  }

  /** Every size of the catalog, once each. */
  numeracoes(): Array<{ numeracao: string }> {
    const all = new Set<string>();
    for (const produto of this.#bySku.values()) for (const n of produto.numeracoes) all.add(n.numeracao);
    return [...all].map((numeracao) => ({ numeracao }));
  }
}
