import type { WireEvento } from '../webhooks/wire-types.js';
import type { ProdutoWire, RefWire } from '../wire/produto.js';

/** A product of the fake's catalog, in the spec's Product shape as the API sends it (money as `"129.90"` strings). */
export type FakeProduto = ProdutoWire;

/** An `{ id, nome }` of `categorias`, `estilos` or `tags`. */
export type FakeRef = RefWire;

/** New prices for {@link FakeCatalog.changePrices}: money strings with two decimals (`"129.90"`); a price left out stays. */
export interface FakePrices {
  /** Wholesale price. */
  precoAtacado?: string | undefined;
  /** Suggested price. */
  precoSugerido?: string | undefined;
}

/** New lists for {@link FakeCatalog.changeClassification}; a list left out stays. */
export interface FakeClassification {
  /** The new categories (the whole list); left out, they stay as they are. */
  categorias?: readonly FakeRef[] | undefined;
  /** The new styles (the whole list); left out, they stay as they are. */
  estilos?: readonly FakeRef[] | undefined;
  /** The new tags (the whole list); left out, they stay as they are. */
  tags?: readonly FakeRef[] | undefined;
}

/** Options of {@link FakeCatalog.changeAtRandom}. */
export interface FakeRandomChangesOptions {
  /** Seed of the draws: one seed, one sequence of changes (on an equal catalog). @default 0 */
  seed?: string | number | undefined;
  /** Share of steps that are a `produto.lote` of 2 to 10 changes instead of one change, 0 to 1. @default 0.05 */
  batches?: number | undefined;
  /** Called after each step with its index (from 0), awaited: move a fake clock, run a follower, inject a fault. */
  afterEach?: ((step: number) => void | Promise<void>) | undefined;
}

/**
 * Drives the fake's shared catalog as the supplier would, for tests and demos of code that mirrors it:
 * each change updates the product, stamps `atualizadoEm` with the fake's clock (`now`), shows in
 * `GET /v1/produtos` (and its `atualizadoDesde` filter) at once, and sends the spec's notice:
 *
 * | change | notice |
 * |---|---|
 * | {@link FakeCatalog.changePrices} | `produto.preco_atualizado` with `alterados` and `anterior` |
 * | {@link FakeCatalog.changeTitle} | `produto.nome_alterado` with `anterior.titulo` |
 * | {@link FakeCatalog.changeClassification} | `produto.categorias_alteradas` with `alterados` |
 * | {@link FakeCatalog.createProduct} | `produto.criado` |
 * | {@link FakeCatalog.deactivate} / {@link FakeCatalog.reactivate} | `produto.desativado` / `produto.reativado` |
 * | {@link FakeCatalog.setStock} | `produto.estoque_atualizado` after `stockWebhookDelayMs`, merged per product (rule 4) |
 * | {@link FakeCatalog.changeCurrentPrice} | none (rule 3); `atualizadoEm` still moves, so incremental scans see it |
 * | several inside {@link FakeCatalog.batch} | one `produto.lote` in place of them all |
 *
 * Writing a value a product already has changes nothing and sends nothing (rule 3). Notices go, like
 * every product notice of the fake, to each account (token) that has called the fake, for its own
 * integration, when it holds `produtos:ler`; call the API once with a token before changing products if
 * its receiver must hear of them. Two changes within one millisecond of the fake's clock share an
 * `atualizadoEm`, as same-second updates can on a real server.
 *
 * Every method checks its input first: an unknown sku, a missing size or a malformed value throws a
 * `InvalidInputError` naming it, and nothing changes. The promise a change returns resolves, with the product
 * as it is after the change, once its immediate notices have been delivered (as an API call's do).
 */
export interface FakeCatalog {
  /** A copy of the product with this sku (inactive ones included), or `undefined`. */
  product(sku: string): FakeProduto | undefined;
  /** Copies of every product, in sku order, inactive ones included. */
  products(): FakeProduto[];
  /** Every sku, in sku order, inactive products included (cheaper than {@link FakeCatalog.products} for picking one). */
  skus(): string[];
  /** Changes the wholesale and/or suggested price: `produto.preco_atualizado`. */
  changePrices(sku: string, precos: FakePrices): Promise<FakeProduto>;
  /** Changes `precoAtual` (the partner's own store price): no notice, by rule 3. */
  changeCurrentPrice(sku: string, precoAtual: string): Promise<FakeProduto>;
  /** Changes the title: `produto.nome_alterado`. */
  changeTitle(sku: string, titulo: string): Promise<FakeProduto>;
  /** Replaces categories, styles and/or tags: `produto.categorias_alteradas` naming the lists that changed. */
  changeClassification(sku: string, classificacao: FakeClassification): Promise<FakeProduto>;
  /**
   * Adds a product, active: `produto.criado`. Fields left out are generated as for the initial catalog;
   * `sku` defaults to the next free `SKU-nnnn`.
   */
  createProduct(produto?: Partial<Omit<FakeProduto, 'atualizadoEm'>>): Promise<FakeProduto>;
  /** Takes a product out of the catalog (`ativo` false, still listed): `produto.desativado`. */
  deactivate(sku: string): Promise<FakeProduto>;
  /** Brings a product back (`ativo` true): `produto.reativado`. */
  reactivate(sku: string): Promise<FakeProduto>;
  /** Sets the stock of one size the product has; the notice follows after the stock delay, merged per product. */
  setStock(sku: string, numeracao: string, estoque: number): Promise<FakeProduto>;
  /**
   * Many products at once: the changes `fn` makes (synchronously, through the catalog it is given) go
   * out as one `produto.lote` instead of single notices, stock included (no delay). Items are one per
   * product and kind, in the order of first change, each with the product's final state; `alterados`
   * joins every change of that kind, `anterior` holds the values before the first. A product
   * deactivated and reactivated within the lote keeps only the item of its final state (none when back
   * where it began). No change at all sends nothing.
   * @returns the lote as sent (its `dados`), or `undefined` when nothing changed.
   * @throws what `fn` throws; changes made before the throw stay and are still notified.
   */
  batch(fn: (catalog: FakeCatalog) => void): Promise<WireEvento<'produto.lote'>['dados'] | undefined>;
  /**
   * Runs `steps` random steps, seeded, for convergence tests and demos: each step is one change of any
   * kind above (stock most often, then prices; products created, deactivated and reactivated now and
   * then; `precoAtual` too, which sends nothing) or, for a share `batches` of steps, a `produto.lote` of 2
   * to 10 changes. Changes are stamped by the fake's clock: to avoid every change sharing one
   * `atualizadoEm` under a fixed clock, move it in `afterEach`.
   * @throws {InvalidInputError} when `steps` is not a whole number >= 0 or `batches` not a share from 0 to 1.
   */
  changeAtRandom(steps: number, options?: FakeRandomChangesOptions): Promise<void>;
}
