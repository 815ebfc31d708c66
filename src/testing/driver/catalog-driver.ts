import type { Catalog } from '../catalog/catalog.js';
import { generateProduto } from '../catalog/generate.js';
import type { ProdutoRecord } from '../catalog/types.js';
import { toBrasilia } from '../core/timestamp.js';
import type { PendingEvent } from '../webhooks/dispatcher.js';
import type { WireEvento } from '../webhooks/wire-types.js';
import type { FakeCatalog, FakeClassification, FakePrices, FakeProduto, FakeRandomChangesOptions } from './catalog-types.js';
import { existing, money, refs, refuse, stock, text } from './check-input.js';
import { LoteBatch } from './lote-batch.js';
import { LISTAS, PRECOS, toItem, type ProductChange } from './product-change.js';
import { randomChanges } from './random-changes.js';

/** Where the driver's notices go: to every account now, or the stock timer. */
export interface CatalogSink {
  /** Delivers product notices to every account the fake knows; resolves once delivered. */
  send(events: readonly PendingEvent[]): Promise<void>;
  /** Queues the delayed, merged stock notice of a product. */
  stockChanged(sku: string): void;
}

type LoteDados = WireEvento<'produto.lote'>['dados'];

/** The fake's {@link FakeCatalog}: changes the shared catalog and emits the spec's product notices. */
export class CatalogDriver implements FakeCatalog {
  #batch: LoteBatch | undefined;

  constructor(
    private readonly catalog: Catalog,
    private readonly now: () => Date,
    private readonly sink: CatalogSink,
  ) {}

  product(sku: string): FakeProduto | undefined {
    const produto = this.catalog.get(sku);
    return produto && structuredClone(produto);
  }

  products(): FakeProduto[] {
    return this.catalog
      .all()
      .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))
      .map((p) => structuredClone(p));
  }

  skus(): string[] {
    return this.catalog
      .all()
      .map((p) => p.sku)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  changePrices(sku: string, precos: FakePrices): Promise<FakeProduto> {
    const produto = existing(this.catalog, sku);
    if (typeof precos !== 'object' || precos === null) refuse('precos', 'must be an object with precoAtacado and/or precoSugerido');
    const novos = { ...precos };
    for (const campo of PRECOS) if (novos[campo] !== undefined) money(novos[campo], campo);
    const anterior = { precoAtacado: produto.precoAtacado, precoSugerido: produto.precoSugerido };
    const alterados = PRECOS.filter((campo) => novos[campo] !== undefined && novos[campo] !== produto[campo]);
    for (const campo of alterados) produto[campo] = novos[campo]!;
    return this.#changed(produto, alterados.length > 0 && { sku, evento: 'produto.preco_atualizado', alterados, anterior });
  }

  changeCurrentPrice(sku: string, precoAtual: string): Promise<FakeProduto> {
    const produto = existing(this.catalog, sku);
    money(precoAtual, 'precoAtual');
    if (produto.precoAtual === precoAtual) return this.#changed(produto, false);
    produto.precoAtual = precoAtual;
    // Rule 3: no notice; the product still changed, so an incremental scan must find it.
    this.#stamp(produto);
    return Promise.resolve(structuredClone(produto));
  }

  changeTitle(sku: string, titulo: string): Promise<FakeProduto> {
    const produto = existing(this.catalog, sku);
    text(titulo, 'titulo');
    const anterior = { titulo: produto.titulo };
    const changed = produto.titulo !== titulo;
    produto.titulo = titulo;
    return this.#changed(produto, changed && { sku, evento: 'produto.nome_alterado', anterior });
  }

  changeClassification(sku: string, classificacao: FakeClassification): Promise<FakeProduto> {
    const produto = existing(this.catalog, sku);
    if (typeof classificacao !== 'object' || classificacao === null) refuse('classificacao', 'must be an object with categorias, estilos and/or tags');
    const novas = LISTAS.map((lista) => [lista, classificacao[lista] === undefined ? undefined : refs(classificacao[lista], lista)] as const);
    const alterados = novas.filter(([lista, nova]) => nova !== undefined && JSON.stringify(nova) !== JSON.stringify(produto[lista])).map(([lista]) => lista);
    for (const [lista, nova] of novas) if (nova !== undefined && alterados.includes(lista)) produto[lista] = nova;
    return this.#changed(produto, alterados.length > 0 && { sku, evento: 'produto.categorias_alteradas', alterados });
  }

  createProduct(dados: Partial<Omit<FakeProduto, 'atualizadoEm'>> = {}): Promise<FakeProduto> {
    if (typeof dados !== 'object' || dados === null) refuse('produto', 'createProduct takes an object of Product fields');
    const sku = dados.sku === undefined ? this.#nextSku() : text(dados.sku, 'sku');
    if (this.catalog.get(sku)) refuse('sku', `the fake catalog already has a product with sku ${JSON.stringify(sku)}`);
    for (const campo of ['precoAtacado', 'precoSugerido', 'precoAtual'] as const) if (dados[campo] !== undefined) money(dados[campo], campo);
    const produto: ProdutoRecord = { ...generateProduto(sku, this.now().getTime()), ativo: true, ...structuredClone(dados), sku };
    this.catalog.add(produto);
    return this.#changed(produto, { sku, evento: 'produto.criado' }, undefined);
  }

  deactivate(sku: string): Promise<FakeProduto> {
    return this.#setAtivo(sku, false);
  }

  reactivate(sku: string): Promise<FakeProduto> {
    return this.#setAtivo(sku, true);
  }

  setStock(sku: string, numeracao: string, estoque: number): Promise<FakeProduto> {
    const produto = existing(this.catalog, sku);
    stock(estoque, 'estoque');
    if (!this.catalog.numeracao(sku, numeracao)) refuse('numeracao', `product ${sku} has no size ${JSON.stringify(numeracao)}`);
    const ativo = produto.ativo;
    if (!this.catalog.setEstoque(sku, numeracao, estoque, this.now())) return this.#changed(produto, false);
    if (this.#batch) {
      this.#batch.add({ sku, evento: 'produto.estoque_atualizado' }, ativo);
    } else {
      this.sink.stockChanged(sku);
    }
    return Promise.resolve(structuredClone(produto));
  }

  async batch(fn: (catalog: FakeCatalog) => void): Promise<LoteDados | undefined> {
    if (typeof fn !== 'function') refuse('fn', 'batch takes a function that makes the changes');
    // A lote inside a lote joins the outer one.
    if (this.#batch) {
      fn(this);
      return undefined;
    }
    const batch = (this.#batch = new LoteBatch());
    let failure: { error: unknown } | undefined;
    try {
      fn(this);
    } catch (error) {
      failure = { error };
    } finally {
      this.#batch = undefined;
    }
    // Changes made before a throw did happen, so they are notified all the same.
    const itens = batch.itens((sku) => this.catalog.get(sku)!);
    const dados: LoteDados | undefined = itens.length > 0 ? { total: itens.length, itens } : undefined;
    if (dados) await this.sink.send([{ evento: 'produto.lote', dados }]);
    if (failure) throw failure.error;
    // The dispatcher sent its own copy, so the caller may change this one freely.
    return dados;
  }

  changeAtRandom(passos: number, options?: FakeRandomChangesOptions): Promise<void> {
    return randomChanges(this, passos, options);
  }

  #setAtivo(sku: string, ativo: boolean): Promise<FakeProduto> {
    const produto = existing(this.catalog, sku);
    if (produto.ativo === ativo) return this.#changed(produto, false);
    produto.ativo = ativo;
    return this.#changed(produto, { sku, evento: ativo ? 'produto.reativado' : 'produto.desativado' }, !ativo);
  }

  /**
   * Stamps a changed product and sends (or batches) its notice; `change` false means nothing changed
   * (rule 3: nothing stamped, nothing sent). `ativoAntes` defaults to the product's current `ativo`.
   */
  async #changed(produto: ProdutoRecord, change: ProductChange | false, ativoAntes: boolean | undefined = produto.ativo): Promise<FakeProduto> {
    if (change) {
      this.#stamp(produto);
      if (this.#batch) {
        this.#batch.add(change, ativoAntes);
      } else {
        const { evento, ...dados } = toItem(change, produto);
        await this.sink.send([{ evento, dados }]);
      }
    }
    return structuredClone(produto);
  }

  #stamp(produto: ProdutoRecord): void {
    produto.atualizadoEm = toBrasilia(this.now());
  }

  #nextSku(): string {
    let n = this.catalog.all().length + 1;
    while (this.catalog.get(`SKU-${String(n).padStart(4, '0')}`)) n++;
    return `SKU-${String(n).padStart(4, '0')}`;
  }
}
