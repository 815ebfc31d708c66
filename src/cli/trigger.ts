import { ApiError, InvalidInputError, type PartnerCommerce, type Pedidos, type Sandbox } from '../index.js';
import { TIPOS_EVENTO, type TipoEvento } from '../webhooks/index.js';
import { samplePdf } from '../testing/index.js';
import { CliFailure, EXIT } from './exit-codes.js';
import { STOCK_DELAY_HEADER, stockDelayText } from './stock-delay.js';
import { checkProductPlan } from './products/check-plan.js';
import {
  PRODUCT_EVENTS,
  PRODUCT_TRIGGER_PATH,
  SANDBOX_CONTROL_HEADER,
  SANDBOX_CONTROL_SECRET_ENV,
  type ProductEvent,
  type ProductTriggerPlan,
  type ProductTriggerReport,
} from './products/product-trigger.js';
import { optionNames, refuseUnknownOptions } from '../errors/check-options.js';

/**
 * An event `trigger` can cause: the order, label and ledger kinds through the sandbox's simulators
 * (and the order API), against the real sandbox or the local one; every product kind (`produto.lote`
 * included) against the local sandbox, through its catalog.
 */
export type TriggerableEvent = Extract<TipoEvento, `pedido.${string}` | `financeiro.${string}` | `etiqueta.status_${string}` | `produto.${string}`>;

// Customers and pings have no simulator, and `etiqueta.emitida` follows issuing a label, which
// `trigger` does on the way to a label's status: none of them can be asked for.
const isTriggerable = (kind: TipoEvento): kind is TriggerableEvent => /^(pedido\.|financeiro\.|etiqueta\.status_|produto\.)/.test(kind);

/** Every event {@link trigger} takes, in the spec's order (taken from the webhooks entry's one list of kinds). */
export const TRIGGERABLE_EVENTS: readonly TriggerableEvent[] = Object.freeze(TIPOS_EVENTO.filter(isTriggerable));

/** The order a `pedido.*` trigger acts on. */
interface OrderTarget {
  /** The order to act on; without it, an order is created first. */
  pedidoId?: string | undefined;
}

/**
 * Options every product kind takes (local sandbox only: the real API has no way to change the
 * supplier's catalog).
 */
interface ProductTriggerBase {
  /** The product to change (for `produto.criado`, the new product's sku); without it products are picked from the seed. */
  sku?: string | undefined;
  /** Notices to cause; for `produto.lote`, lotes. @default 1 */
  count?: number | undefined;
  /** Deliver the notices in a shuffled order. */
  shuffle?: boolean | undefined;
  /** Share of notices delivered twice (same id), 0 to 1. @default 0 */
  dup?: number | undefined;
  /**
   * Seed of the products picked, the generated values, the shuffle and the duplicates.
   * @default 0 (the command line draws one when `--seed` is not given, and prints it)
   */
  seed?: string | number | undefined;
  /**
   * The local sandbox's control secret (`startSandbox(...).controlSecret`, or the
   * `PARTNER_COMMERCE_SANDBOX_CONTROL_SECRET` its banner prints). Without it the sandbox refuses.
   */
  controlSecret?: string | undefined;
}

/** New prices of a product, money strings with two decimals. */
interface ProductPrices {
  /** New wholesale price, e.g. "129.90". @default a generated one */
  precoAtacado?: string | undefined;
  /** New suggested price, e.g. "249.90". */
  precoSugerido?: string | undefined;
}

/** A product's new title. */
interface ProductTitle {
  /** New title. @default a generated one */
  titulo?: string | undefined;
}

/** A size's new stock. */
interface SizeStock {
  /** The size to set the stock of; without it (and `sku`) the first product in stock, or a size picked from the seed. */
  numeracao?: string | undefined;
  /** New stock of the size. @default 5 through the API; a generated one on the local catalog */
  estoque?: number | undefined;
}

/**
 * The options of each event kind `trigger` causes, keyed by the kind: `TriggerOptions<'produto.lote'>`
 * is what `trigger(client, 'produto.lote', options)` takes, and a field another kind uses is a type
 * error there. At run time a field a kind does not use is ignored, as the command line passes every
 * flag it was given.
 */
export interface TriggerOptionsByEvent {
  'pedido.criado': OrderTarget;
  'pedido.status_alterado': OrderTarget & {
    /** New status of the order. @default 'PAGO' */
    status?: Pedidos.StatusPedido | undefined;
  };
  'pedido.comprovante_validado': OrderTarget;
  'pedido.rastreio_adicionado': OrderTarget & {
    /** Tracking code to add. @default a generated one */
    codigo?: string | undefined;
  };
  'etiqueta.status_alterado': OrderTarget & {
    /**
     * The label to act on; without it one is issued first for `pedidoId` (or a new order), after
     * giving its items a sale value (the content declaration needs one).
     */
    etiquetaId?: string | undefined;
    /** New status of the label. @default 'IMPRESSA' */
    status?: Sandbox.StatusEtiquetaSimulavel | undefined;
  };
  'financeiro.lancamento_criado': {
    /** Ledger entry amount, e.g. "150.00" or "-20.00". @default "100.00" */
    valor?: string | undefined;
    /** Ledger entry text. @default "Lançamento de teste" */
    descricao?: string | undefined;
    /** The order the entry refers to. */
    pedidoId?: string | undefined;
  };
  /**
   * Through the API's stock simulator; given `count`, `shuffle` or `dup`, through the local catalog
   * instead, its notices going out at once.
   */
  'produto.estoque_atualizado': ProductTriggerBase & SizeStock;
  'produto.preco_atualizado': ProductTriggerBase & ProductPrices;
  'produto.nome_alterado': ProductTriggerBase & ProductTitle;
  'produto.categorias_alteradas': ProductTriggerBase & {
    /** New classification lists (`categorias`, `estilos`, `tags`). @default generated ones */
    dados?: Record<string, unknown> | undefined;
  };
  'produto.criado': ProductTriggerBase &
    ProductPrices &
    ProductTitle & {
      /** Product fields of the new product. */
      dados?: Record<string, unknown> | undefined;
    };
  'produto.desativado': ProductTriggerBase;
  'produto.reativado': ProductTriggerBase;
  'produto.lote': ProductTriggerBase &
    ProductPrices &
    ProductTitle &
    SizeStock & {
      /** Items per lote. @default 10 */
      itens?: number | undefined;
    };
}

/**
 * What {@link trigger} takes for the kind `K`: one type per kind, so each kind's options are typed.
 * Without `K`, the union of every kind's options.
 */
export type TriggerOptions<K extends TriggerableEvent = TriggerableEvent> = TriggerOptionsByEvent[K];

/** Every field any kind takes: what the command line builds from its flags. */
type AnyTriggerOptions = UnionToFields<TriggerOptionsByEvent[TriggerableEvent]>;
type UnionToFields<U> = { [F in U extends unknown ? keyof U : never]?: U extends { [G in F]?: infer V } ? V : never };

/** What `trigger` did: the calls it made, in order, and the record the last one answered. */
export interface TriggerResult {
  readonly evento: TriggerableEvent;
  readonly steps: readonly string[];
  readonly result: unknown;
  /**
   * False when the calls went through but cause no notice: a write of the value already there sends
   * none (the spec's webhook rule 3), e.g. a stock set to its current value.
   */
  readonly noticeSent: boolean;
}

const TRIGGER_OPTION_NAMES = optionNames<AnyTriggerOptions>({
  pedidoId: 1,
  status: 1,
  etiquetaId: 1,
  valor: 1,
  descricao: 1,
  sku: 1,
  numeracao: 1,
  estoque: 1,
  codigo: 1,
  count: 1,
  itens: 1,
  shuffle: 1,
  dup: 1,
  seed: 1,
  titulo: 1,
  precoAtacado: 1,
  precoSugerido: 1,
  dados: 1,
  controlSecret: 1,
});

/**
 * Causes `evento` in the sandbox the client points at (the real one or `partner-commerce sandbox`),
 * creating what it needs (an order, a proof, a label) when no id is given. Product events (every kind and
 * `produto.lote`, with `count`, `shuffle`, `dup`) change the local sandbox's catalog through the
 * testing kit's driver: the real API has no way to cause them. Every input is checked by the SDK's
 * own rules (and the Product schema) before anything is sent.
 * @throws {InvalidInputError} naming `evento` (or the option) when it cannot be triggered, before any request.
 * @throws {PartnerCommerceError} for any other failure (an API error, or a product kind against a server that is not the local sandbox).
 */
export async function trigger<K extends TriggerableEvent>(client: PartnerCommerce, evento: K, options?: TriggerOptions<K>): Promise<TriggerResult> {
  return triggerAny(client, evento, options ?? {});
}

/**
 * {@link trigger} for an event kind and options read from the command line's flags: `evento` is any
 * text (checked here), and the options may hold every kind's fields (those the kind does not use are
 * ignored).
 * @internal
 */
export async function triggerAny(client: PartnerCommerce, evento: string, options: AnyTriggerOptions): Promise<TriggerResult> {
  refuseUnknownOptions(options, TRIGGER_OPTION_NAMES, 'trigger');
  if (!(TRIGGERABLE_EVENTS as readonly string[]).includes(evento)) {
    throw new InvalidInputError({ path: 'evento', message: `cannot trigger ${JSON.stringify(evento)}; one of: ${TRIGGERABLE_EVENTS.join(', ')}` });
  }
  const kind = evento as TriggerableEvent;
  if (isLocalProductTrigger(kind, options)) return triggerProducts(client, kind as ProductEvent, options);
  const steps: string[] = [];
  const done = (result: unknown, noticeSent = true): TriggerResult => ({ evento: kind, steps, result, noticeSent });
  const pedidoId = async (): Promise<string> => {
    if (options.pedidoId) return options.pedidoId;
    const item = await firstInStock(client);
    const pedido = await client.pedidos.criar({ itens: [{ ...item, quantidade: 1 }] });
    steps.push(`created order ${pedido.id} (POST /v1/pedidos)`);
    return pedido.id;
  };
  switch (kind) {
    case 'pedido.criado': {
      const id = await pedidoId();
      const pedido = await client.pedidos.obter(id);
      // An order given by --pedido exists already: fetching it sends nothing.
      if (options.pedidoId) steps.push(`order ${id} exists already: fetched it (GET /v1/pedidos/${id}), no notice (pedido.criado goes out when an order is created)`);
      return done(pedido, !options.pedidoId);
    }
    case 'pedido.status_alterado': {
      const id = await pedidoId();
      const status = options.status ?? 'PAGO';
      steps.push(`order ${id} → ${status}`);
      return done(await client.sandbox.pedidos.alterarStatus(id, status));
    }
    case 'pedido.comprovante_validado': {
      const id = await pedidoId();
      const anexo = await client.pedidos.comprovantes.enviar(id, samplePdf(`Comprovante do pedido ${id}`), { nomeArquivo: 'comprovante.pdf' });
      steps.push(`sent proof ${anexo.id}`);
      steps.push(`validated proof ${anexo.id}`);
      return done(await client.sandbox.pedidos.validarComprovante(id, anexo.id));
    }
    case 'pedido.rastreio_adicionado': {
      const id = await pedidoId();
      steps.push(`added a tracking code to order ${id}`);
      return done(await client.pedidos.rastreios.adicionar(id, { codigo: options.codigo ?? `BR${Date.now()}`, transportadora: 'Correios' }));
    }
    case 'etiqueta.status_alterado': {
      const etiquetaId = options.etiquetaId ?? (await issueLabel(client, await pedidoId(), steps));
      const status = options.status ?? 'IMPRESSA';
      steps.push(`label ${etiquetaId} → ${status}`);
      return done(await client.sandbox.etiquetas.alterarStatus(etiquetaId, status as never));
    }
    case 'financeiro.lancamento_criado': {
      steps.push('created a ledger entry');
      return done(await client.sandbox.financeiro.criarLancamento({ valor: options.valor ?? '100.00', descricao: options.descricao ?? 'Lançamento de teste', pedidoId: options.pedidoId }));
    }
    case 'produto.estoque_atualizado': {
      const item = options.sku && options.numeracao ? { sku: options.sku, numeracao: options.numeracao } : await firstInStock(client);
      const estoque = options.estoque ?? 5;
      // Read first: writing the stock already there sends no notice, and saying otherwise sends the partner hunting for a lost one.
      const antes = (await client.produtos.estoque(item.sku)).numeracoes.find((n) => n.numeracao === item.numeracao)?.estoque;
      const { data, meta } = await client.sandbox.produtos.definirEstoque(item.sku, { numeracao: item.numeracao, estoque }).withMeta();
      if (antes === estoque) {
        steps.push(`stock of ${item.sku} size ${item.numeracao} is already ${estoque}: set again, no notice (a write of the same value sends none)`);
        return done(data, false);
      }
      steps.push(`stock of ${item.sku} size ${item.numeracao} → ${estoque} (notice delayed ${stockDelayText(meta.headers.get(STOCK_DELAY_HEADER))})`);
      return done(data);
    }
    default:
      return triggerProducts(client, kind, options);
  }
}

/** Product kinds the API's simulators cannot cause, and stock changes asked for in bulk. */
function isLocalProductTrigger(kind: TriggerableEvent, options: AnyTriggerOptions): boolean {
  if (kind !== 'produto.estoque_atualizado') return (PRODUCT_EVENTS as readonly string[]).includes(kind);
  return options.count !== undefined || options.shuffle === true || options.dup !== undefined;
}

async function triggerProducts(client: PartnerCommerce, evento: ProductEvent, options: AnyTriggerOptions): Promise<TriggerResult> {
  const plan: ProductTriggerPlan = checkProductPlan({
    evento,
    count: options.count,
    itens: options.itens,
    shuffle: options.shuffle,
    dup: options.dup,
    seed: options.seed,
    overrides: {
      sku: options.sku,
      titulo: options.titulo,
      precoAtacado: options.precoAtacado,
      precoSugerido: options.precoSugerido,
      numeracao: options.numeracao,
      estoque: options.estoque,
      dados: options.dados,
    },
  });
  const steps: string[] = [];
  // Product notices go to the accounts the sandbox knows: this call makes the token's account known.
  await client.conta.eu();
  steps.push('checked the token (GET /v1/eu): the sandbox sends product notices to the accounts it knows');
  let report: ProductTriggerReport;
  try {
    const headers = options.controlSecret === undefined ? undefined : { [SANDBOX_CONTROL_HEADER]: options.controlSecret };
    report = (await client.request('POST', PRODUCT_TRIGGER_PATH, { body: plan, headers })) as ProductTriggerReport;
  } catch (err) {
    if (err instanceof ApiError && err.status === 403 && err.codigo === 'SEGREDO_DE_CONTROLE_INVALIDO') {
      throw new CliFailure(
        `the local sandbox refused ${options.controlSecret === undefined ? 'the missing' : 'this'} control secret: set ${SANDBOX_CONTROL_SECRET_ENV} to the value its banner prints`,
        EXIT.failed,
      );
    }
    if (err instanceof ApiError && err.status === 404) {
      throw new CliFailure(`${evento} can only be triggered against the local sandbox (npx partner-commerce sandbox): the real API has no way to change the supplier's catalog`, EXIT.failed);
    }
    if (err instanceof ApiError && err.status === 400) throw new CliFailure(err.message, EXIT.usage);
    throw err;
  }
  steps.push(`changed the local catalog ${report.changes} time(s) (POST ${PRODUCT_TRIGGER_PATH})`);
  steps.push(`${report.notices} notice(s) sent${report.duplicates > 0 ? `, ${report.duplicates} of them duplicates` : ''}${report.shuffled ? ', in a shuffled order' : ''}`);
  if (options.seed !== undefined) steps.push(`seed ${String(options.seed)} (--seed ${String(options.seed)} repeats this run)`);
  return { evento, steps, result: report, noticeSent: report.notices > 0 };
}

/** Issues a label for the order: its items get a sale value first (else SALE_VALUE_REQUIRED). */
async function issueLabel(client: PartnerCommerce, pedidoId: string, steps: string[]): Promise<string> {
  const pedido = (await client.pedidos.obter(pedidoId)) as { itens?: { id: string; valorVenda?: unknown }[] | undefined };
  for (const item of pedido.itens ?? []) {
    if (item.valorVenda !== null && item.valorVenda !== undefined) continue;
    await client.pedidos.definirValorVenda(pedidoId, item.id, SALE_VALUE);
    steps.push(`set the sale value of item ${item.id} to ${SALE_VALUE}`);
  }
  const etiqueta = await client.etiquetas.emitir({ pedidoId });
  steps.push(`issued label ${etiqueta.id} (POST /v1/etiquetas)`);
  return etiqueta.id;
}

/** Sale value given to an order's items so a label can be issued for it. */
const SALE_VALUE = '199.90';

async function firstInStock(client: PartnerCommerce): Promise<{ sku: string; numeracao: string }> {
  for await (const resumo of client.produtos.listar({ limite: 20 })) {
    const estoque = await client.produtos.estoque(resumo.sku);
    const tamanho = estoque.numeracoes.find((n) => n.estoque > 0);
    if (estoque.ativo && tamanho) return { sku: resumo.sku, numeracao: tamanho.numeracao };
  }
  throw new CliFailure('no product with stock in the first page of the catalog');
}
