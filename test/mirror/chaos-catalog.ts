/**
 * A model catalog for convergence tests: a server clock in ms (steps of 0 make same-ms ties), the
 * product list with `atualizadoDesde` and cursor pages (a `Date` header from the server clock), product
 * by sku, and the notices each change makes as the spec states them: one per change, the stock ones
 * delayed and merged per product, `precoAtual`-only changes with none; a batch of changes becomes a
 * `produto.lote`. Deliveries then go through faults (drop, duplicate, delay/reorder).
 */
import { Page, PagePromise } from '../../src/pagination/page-promise.js';
import type { ProdutoListarParams } from '../../src/resources/produtos.js';
import type { ProdutoResumo, Produto } from '../../src/models/produto.js';
import { produtoSchema } from '../../src/models/produto.js';
import { parseWebhook, type EventoWebhook } from '../../src/webhooks/index.js';
import type { MirrorSource } from '../../src/mirror/index.js';
import type { ProdutoWire } from '../../src/mirror/store/types.js';
import { toBrasiliaIso } from './time.js';

export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = 'produto.estoque_atualizado' | 'produto.preco_atualizado' | 'produto.nome_alterado' | 'produto.categorias_alteradas' | 'produto.criado' | 'produto.desativado' | 'produto.reativado';

export class ChaosCatalog {
  readonly produtos = new Map<string, ProdutoWire>();
  clockMs = Date.UTC(2026, 10, 1, 12);
  /** Notices made and not yet handed to delivery. */
  readonly outgoing: Array<{ kind: Kind; produto: ProdutoWire }> = [];
  /** Skus with a stock notice pending (merged until flushed). */
  readonly stockPending = new Set<string>();
  changes = 0;
  calls = { listar: 0, obter: 0 };
  #next = 1;
  #events = 0;

  constructor(
    readonly random: () => number,
    size: number,
  ) {
    for (let i = 0; i < size; i++) this.#create();
  }

  #sku(): string {
    return `SKU-${String(this.#next++).padStart(5, '0')}`;
  }

  #stamp(p: ProdutoWire): void {
    p.atualizadoEm = toBrasiliaIso(this.clockMs);
  }

  #create(): ProdutoWire {
    const sku = this.#sku();
    const p: ProdutoWire = {
      sku,
      titulo: `Tênis ${sku}`,
      imagem: `https://img.example.test/${sku}.jpg`,
      precoAtacado: '100.00',
      precoSugerido: '199.90',
      precoAtual: '199.90',
      numeracoes: ['37', '38', '39'].map((n) => ({ numeracao: n, skuVariacao: `${sku}-${n}`, estoque: Math.floor(this.random() * 20) })),
      categorias: [{ id: 'c1', nome: 'Feminino' }],
      estilos: [],
      tags: [],
      ativo: true,
      atualizadoEm: '',
    };
    this.#stamp(p);
    this.produtos.set(sku, p);
    return p;
  }

  /** One random change; the server clock moves 0 to 2000 ms first (0 in 1 of 5: a same-ms tie). */
  change(): void {
    this.changes++;
    if (this.random() >= 0.2) this.clockMs += 1 + Math.floor(this.random() * 2000);
    const all = [...this.produtos.values()];
    const p = all[Math.floor(this.random() * all.length)]!;
    const r = this.random();
    const emit = (kind: Kind, target = p) => this.outgoing.push({ kind, produto: structuredClone(target) });
    if (r < 0.3) {
      const sizes = p.numeracoes as Array<{ estoque: number }>;
      const size = sizes[Math.floor(this.random() * sizes.length)]!;
      size.estoque = (size.estoque + 1 + Math.floor(this.random() * 5)) % 30;
      this.#stamp(p);
      this.stockPending.add(p.sku);
    } else if (r < 0.45) {
      p.precoAtacado = `${100 + Math.floor(this.random() * 50)}.${String(Math.floor(this.random() * 100)).padStart(2, '0')}`;
      this.#stamp(p);
      emit('produto.preco_atualizado');
    } else if (r < 0.55) {
      p.titulo = `Tênis ${p.sku} v${this.changes}`;
      this.#stamp(p);
      emit('produto.nome_alterado');
    } else if (r < 0.65) {
      p.tags = this.random() < 0.5 ? [] : [{ id: `t${this.changes % 7}`, nome: 'Promo' }];
      this.#stamp(p);
      emit('produto.categorias_alteradas');
    } else if (r < 0.75) {
      emit('produto.criado', this.#create());
    } else if (r < 0.85) {
      p.ativo = !p.ativo;
      this.#stamp(p);
      emit(p.ativo ? 'produto.reativado' : 'produto.desativado');
    } else {
      // precoAtual only: the spec sends no notice for it (stamped, so incremental sync sees it).
      p.precoAtual = `${150 + Math.floor(this.random() * 90)}.90`;
      this.#stamp(p);
    }
  }

  /** The merged stock notices, with each product's state now. */
  flushStock(): void {
    for (const sku of this.stockPending) this.outgoing.push({ kind: 'produto.estoque_atualizado', produto: structuredClone(this.produtos.get(sku)!) });
    this.stockPending.clear();
  }

  /** Takes the outgoing notices as envelopes; several at once become one `produto.lote` now and then. */
  takeEvents(): EventoWebhook[] {
    const out: EventoWebhook[] = [];
    while (this.outgoing.length) {
      const n = this.random() < 0.2 ? Math.min(this.outgoing.length, 2 + Math.floor(this.random() * 6)) : 1;
      const batch = this.outgoing.splice(0, n);
      const envelope = { id: `evt_${++this.#events}`, criadoEm: toBrasiliaIso(this.clockMs), ambiente: 'sandbox', integracao: { id: 'int_1', nome: 'teste' } };
      const wire =
        batch.length === 1
          ? { ...envelope, evento: batch[0]!.kind, dados: dadosOf(batch[0]!.kind, batch[0]!.produto) }
          : { ...envelope, evento: 'produto.lote', dados: { total: batch.length, itens: batch.map((b) => ({ evento: b.kind, ...dadosOf(b.kind, b.produto) })) } };
      out.push(parseWebhook(wire));
    }
    return out;
  }

  /** The catalog as a {@link MirrorSource}. */
  source(): MirrorSource {
    const list = (params: ProdutoListarParams = {}): PagePromise<ProdutoResumo> => {
      const since = params.atualizadoDesde === undefined ? undefined : Date.parse(String(params.atualizadoDesde instanceof Date ? params.atualizadoDesde.toISOString() : params.atualizadoDesde));
      const limite = params.limite ?? 50;
      const fetchPage = async (cursor: string | undefined): Promise<Page<ProdutoResumo>> => {
        this.calls.listar++;
        const rows = [...this.produtos.values()]
          .filter((p) => since === undefined || Date.parse(p.atualizadoEm) >= since)
          .sort((a, b) => (a.sku < b.sku ? -1 : 1))
          .filter((p) => cursor === undefined || p.sku > cursor);
        const dados = rows.slice(0, limite).map((p) => produtoSchema().parse(structuredClone(p)) as ProdutoResumo);
        const temMais = rows.length > limite;
        const headers = new Headers({ date: new Date(this.clockMs).toUTCString() });
        return new Page(
          {
            dados,
            proximoCursor: temMais ? dados.at(-1)!.sku : null,
            temMais,
            meta: { status: 200, requestId: undefined, idempotencyKey: undefined, idempotentReplayed: false, responseIssues: [], attempts: 1, headers },
          },
          fetchPage,
        );
      };
      return new PagePromise(fetchPage, params.cursor);
    };
    return {
      produtos: {
        listar: list,
        obter: async (sku: string): Promise<Produto> => {
          this.calls.obter++;
          const p = this.produtos.get(sku);
          if (!p) throw new Error(`no ${sku}`);
          return produtoSchema().parse(structuredClone(p));
        },
      },
    };
  }
}

function dadosOf(kind: Kind, produto: ProdutoWire): Record<string, unknown> {
  if (kind === 'produto.preco_atualizado') return { produto, alterados: ['precoAtacado'], anterior: { precoAtacado: produto.precoAtacado, precoSugerido: produto.precoSugerido } };
  if (kind === 'produto.nome_alterado') return { produto, anterior: { titulo: produto.titulo } };
  if (kind === 'produto.categorias_alteradas') return { produto, alterados: ['tags'] };
  return { produto };
}

/** Delivery faults: each notice dropped with `drop`, duplicated with `duplicate`, the rest delayed and reordered. */
export class Deliveries {
  readonly pool: EventoWebhook[] = [];
  dropped = 0;
  duplicated = 0;

  constructor(
    readonly random: () => number,
    readonly faults: { drop: number; duplicate: number },
  ) {}

  send(events: readonly EventoWebhook[]): void {
    for (const e of events) {
      if (this.random() < this.faults.drop) {
        this.dropped++;
        continue;
      }
      this.pool.push(e);
      if (this.random() < this.faults.duplicate) {
        this.duplicated++;
        this.pool.push(e);
      }
    }
  }

  /** Takes up to `n` pending deliveries in random order (delay and reorder). */
  take(n: number): EventoWebhook[] {
    const out: EventoWebhook[] = [];
    while (out.length < n && this.pool.length) out.push(this.pool.splice(Math.floor(this.random() * this.pool.length), 1)[0]!);
    return out;
  }
}
