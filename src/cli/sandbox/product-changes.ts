import type { FakeCatalog, FakeProduto } from '../../testing/index.js';
import { seededRandom, type Random } from './random.js';
import { TAGS } from './vocabulary.js';
import type { ProductOverrides, ProductTriggerPlan } from '../products/product-trigger.js';

/** What a plan changed. */
export interface PlanOutcome {
  changes: number;
  skus: string[];
}

/** A plan the catalog cannot carry out as asked (not enough products, unknown sku); answered 400. */
export class PlanRefused extends Error {
  override name = 'PlanRefused';
}

const cents = (random: Random, from: number, to: number): string => {
  const value = random.int(from, to);
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
};

/**
 * Carries out a checked plan on the fake's catalog, through its driver, so every change stamps the
 * product and sends the spec's notice. Generated values are seeded and always differ from the
 * current ones (a write of the same value sends nothing, by rule 3); overrides win.
 */
export async function runProductPlan(catalog: FakeCatalog, plan: ProductTriggerPlan): Promise<PlanOutcome> {
  const random = seededRandom(`trigger-dados:${String(plan.seed ?? 0)}`);
  const o: ProductOverrides = plan.overrides ?? {};
  const count = plan.count ?? 1;
  const skus: string[] = [];
  const did = (p: FakeProduto) => void skus.push(p.sku);
  if (o.sku !== undefined && plan.evento !== 'produto.criado' && catalog.product(o.sku) === undefined) throw new PlanRefused(`--sku: no product ${o.sku} in the sandbox catalog`);
  const targets = (filter: (p: FakeProduto) => boolean, what: string): string[] => {
    if (o.sku !== undefined) {
      if (!filter(catalog.product(o.sku)!)) throw new PlanRefused(`--sku: product ${o.sku} is not ${what}`);
      return Array.from({ length: count }, () => o.sku!);
    }
    const all = seededOrder(
      catalog
        .products()
        .filter(filter)
        .map((p) => p.sku),
      plan.seed,
    );
    if (all.length === 0) throw new PlanRefused(`no ${what} product in the sandbox catalog`);
    return Array.from({ length: count }, (_, i) => all[i % all.length]!);
  };
  switch (plan.evento) {
    case 'produto.criado':
      for (let i = 0; i < count; i++) did(await catalog.createProduct({ ...(o.dados as Partial<FakeProduto>), ...pick(o, ['sku', 'titulo', 'precoAtacado', 'precoSugerido']) }));
      break;
    case 'produto.preco_atualizado':
      for (const sku of targets(() => true, 'in the catalog')) did(await catalog.changePrices(sku, precos(catalog.product(sku)!, o, random)));
      break;
    case 'produto.nome_alterado':
      for (const sku of targets(() => true, 'in the catalog')) did(await catalog.changeTitle(sku, o.titulo ?? otherTitle(catalog.product(sku)!, random)));
      break;
    case 'produto.categorias_alteradas':
      for (const sku of targets(() => true, 'in the catalog')) did(await catalog.changeClassification(sku, (o.dados as never) ?? otherTags(catalog.product(sku)!, random)));
      break;
    case 'produto.desativado':
    case 'produto.reativado': {
      const ativar = plan.evento === 'produto.reativado';
      const list = targets((p) => p.ativo !== ativar, ativar ? 'inactive' : 'active');
      if (o.sku === undefined && new Set(list).size < count)
        throw new PlanRefused(`only ${new Set(list).size} ${ativar ? 'inactive' : 'active'} product(s) in the sandbox catalog; --count ${count} is more`);
      for (const sku of list) did(await (ativar ? catalog.reactivate(sku) : catalog.deactivate(sku)));
      break;
    }
    case 'produto.estoque_atualizado':
      for (const sku of targets(() => true, 'in the catalog')) {
        const produto = catalog.product(sku)!;
        const numeracao = o.numeracao ?? random.pick(produto.numeracoes).numeracao;
        if (!produto.numeracoes.some((n) => n.numeracao === numeracao)) throw new PlanRefused(`--numeracao: product ${sku} has no size ${numeracao}`);
        const atual = produto.numeracoes.find((n) => n.numeracao === numeracao)!.estoque;
        did(await catalog.setStock(sku, numeracao, o.estoque ?? (atual + random.int(1, 20)) % 41));
      }
      break;
    case 'produto.lote': {
      const all = seededOrder(catalog.skus(), plan.seed);
      if (all.length === 0) throw new PlanRefused('the sandbox catalog is empty');
      const itens = plan.itens ?? 10;
      let next = 0;
      for (let l = 0; l < count; l++) {
        await catalog.batch((c) => {
          for (let k = 0; k < itens; k++) {
            const sku = o.sku ?? all[next++ % all.length]!;
            skus.push(sku);
            void loteChange(c, c.product(sku)!, k, o, random);
          }
        });
      }
      break;
    }
  }
  return { changes: skus.length, skus: skus.slice(0, 20) };
}

/**
 * The products a plan changes, in an order drawn from its seed (its own stream, so the generated values
 * stay as they were): separate triggers with different seeds change different products instead of all
 * starting at the catalog's first sku, and one seed always picks the same ones.
 */
function seededOrder(skus: readonly string[], seed: string | number | undefined): string[] {
  const random = seededRandom(`trigger-alvos:${String(seed ?? 0)}`);
  const order = [...skus];
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** One change of a lote: kinds in turn (price, title, stock, classification). */
function loteChange(c: FakeCatalog, p: FakeProduto, k: number, o: ProductOverrides, random: Random): Promise<unknown> {
  switch (k % 4) {
    case 0:
      return c.changePrices(p.sku, precos(p, o, random));
    case 1:
      return c.changeTitle(p.sku, o.titulo ?? otherTitle(p, random));
    case 2: {
      const n = random.pick(p.numeracoes);
      return c.setStock(p.sku, n.numeracao, (n.estoque + random.int(1, 20)) % 41);
    }
    default:
      return c.changeClassification(p.sku, otherTags(p, random));
  }
}

function precos(p: FakeProduto, o: ProductOverrides, random: Random): { precoAtacado?: string; precoSugerido?: string } {
  if (o.precoAtacado !== undefined || o.precoSugerido !== undefined) return pick(o, ['precoAtacado', 'precoSugerido']);
  let precoAtacado = cents(random, 3990, 19990);
  while (precoAtacado === p.precoAtacado) precoAtacado = cents(random, 3990, 19990);
  return { precoAtacado };
}

function otherTitle(p: FakeProduto, random: Random): string {
  const titulo = `${(p.titulo ?? p.sku).replace(/ · \d+$/, '')} · ${random.int(1, 99_999)}`;
  return titulo === p.titulo ? `${titulo}0` : titulo;
}

function otherTags(p: FakeProduto, random: Random): { tags: (typeof TAGS)[number][] } {
  const atuais = JSON.stringify(p.tags ?? []);
  for (;;) {
    const tags = TAGS.filter(() => random.next() < 0.4);
    if (JSON.stringify(tags) !== atuais) return { tags };
  }
}

function pick<K extends keyof ProductOverrides>(o: ProductOverrides, keys: readonly K[]): Partial<Record<K, NonNullable<ProductOverrides[K]>>> {
  const out: Partial<Record<K, NonNullable<ProductOverrides[K]>>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
