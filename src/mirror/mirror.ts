import { sleep } from '../internal/sleep.js';
import type { Produto } from '../models/produto.js';
import { produtoSchema } from '../models/produto.js';
import type { EventoWebhook } from '../webhooks/events.js';
import type { WebhookHandlers } from '../webhooks/handler-options.js';
import { aplicarEvento, type ApplyResult } from './apply/apply-event.js';
import { productHandlers } from '../webhooks/produto-hook.js';
import { ChangeFeed } from './feed/change-feed.js';
import { createEmbeddedStore } from './store/embedded-store.js';
import type { MirrorCounts, MirrorStore, StoredProduto } from './store/types.js';
import { backfill, type BackfillOptions, type BackfillResult } from './sync/backfill.js';
import { follow, MARGEM_PADRAO_MS, type FollowOptions, type FollowResult } from './sync/follow.js';
import type { MirrorSource } from './sync/source.js';
import { ESTADO, type EstadoBackfill, type ResumoExecucao } from './sync/state-keys.js';
import { toBackfillState, toRunSummary, type BackfillState, type RunSummary } from './sync/public-state.js';
import type { Outbox, OutboxClient } from './outbox/outbox.js';
import { legacy } from './legacy-names.js';
import { removedMessage } from '../internal/deprecation.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { instrumentMirror, type MirrorRunObserver, type MirrorTelemetryOptions } from './metrics.js';
import { checkStartOptions, type MirrorStartOptions } from './check-options.js';
import { backfillOptionsSchema, checkCallOptions, checkMirrorOptions, followOptionsSchema } from './mirror-options.js';
import { catalogIdentity, claimCatalog } from './catalog-identity.js';
import { QUARANTINE_KEY, type Quarantine, type QuarantinedProduct } from './apply/quarantine.js';
import { SERVER_CLOCK_KEY, type ClockJump, type SavedClock } from './clock/server-clock.js';
import { resolveRetention, type MirrorRetention, type PruneResult, type ResolvedRetention } from './retention/retention.js';
import { pruneExclusive } from './retention/prune.js';
import { audit, AUDIT_KEY } from './audit/audit.js';
import { auditSchedule, checkAuditOptions } from './audit/audit-options.js';
import type { AuditOptions, AuditResult, MirrorDrift } from './audit/audit-types.js';
import { rateBudgetOf } from './audit/rate-budget.js';

/** Options of {@link createMirror}. */
export interface MirrorOptions extends MirrorTelemetryOptions {
  /** The client the mirror reads the catalog with (a `PartnerCommerce`). */
  client: MirrorSource & Partial<OutboxClient>;
  /**
   * Where the mirror lives.
   * @default createEmbeddedStore({ dataDir: '.partner-commerce/mirror' }) — the embedded database in a
   * folder: SQLite on Node 22.13+ (125–140 MB RSS for 10,000 products in a container), PGlite on older
   * Node, other runtimes, or a folder already holding PGlite data (850+ MB RSS on a first open); see
   * {@link createEmbeddedStore}
   */
  store?: MirrorStore | undefined;
  /**
   * Names the catalog this mirror holds, so two catalogs never share one store: the store records it on
   * its first open and refuses any other with InvalidInputError (a full scan of one catalog would mark
   * the other's products gone). Set it when two partners' accounts, or two API hosts, could reach one
   * database. Up to 200 characters.
   * @default the client's `environment` (`sandbox` or `production`); no check for a client without one
   */
  catalogId?: string | undefined;
  /**
   * Overlap of each follow with the previous one (clock skew, writes in flight), ms, from 0 to 30 days;
   * anything else is refused with InvalidInputError (a negative one would skip changes). @default 120_000
   */
  marginMs?: number | undefined;
  /**
   * How long the change log and settled outbox rows are kept (each `'30d'`, `'12h'`, a number of ms,
   * from 1 hour to 3650 days, or `false` to keep forever); anything else is refused with
   * InvalidInputError naming the field (`retention.changes`). Applied by {@link Mirror.prune}, which
   * {@link Mirror.start} runs once a day. @default { changes: '30d', outbox: '30d' }
   */
  retention?: MirrorRetention | undefined;
}

/** A product of the mirror, with what the mirror itself knows of it. */
export interface MirroredProduct {
  /** The product as the API last sent it (money as `Money`, unknown fields kept). */
  product: Produto;
  /**
   * Whether the product is available: its own `ativo`, and listed by the last full scan. False for a
   * product the API deactivated and for one the mirror infers is gone ({@link missingSince}).
   */
  active: boolean;
  /**
   * Set when the last full scan did not list the product: that scan's start (server time, ISO 8601;
   * the local time only when the server sent no `Date` header and the scan listed no product at all).
   * The mirror's own inference (the spec promises no event when a product stops being listed);
   * cleared as soon as the product is seen again.
   */
  missingSince: string | null;
  /** Position of the product's last change in the change log. */
  position: number;
}

/** Health of the mirror, for checks and dashboards. */
export interface MirrorStatus {
  /** `memory`, `pglite`, `sqlite` or `postgres`. */
  store: string;
  /** The full scan in progress or last finished, with its checkpoint (cursor, pages). */
  backfill: BackfillState | null;
  /** The last finished follow run. */
  lastFollow: RunSummary | null;
  /** Follow high-water mark: server time up to which every change has been listed (ISO 8601). */
  watermark: string | null;
  /**
   * How long ago the mirror last caught up with the API (last follow or backfill finished), ms, by the
   * local clock; null before the first. For health checks ("alert when above 10 minutes").
   */
  lagMs: number | null;
  /** Products (active, inactive, inferred gone), sizes, log length, pending outbox rows. */
  counts: MirrorCounts;
  /** Last position of the change log. */
  lastPosition: number;
  /**
   * Products set aside because the store cannot hold them as sent (a NUL character, a lone surrogate, a
   * stock beyond the stock column's range, one `skuVariacao` listed twice…) or they do not fit the
   * client's Product schema (`precoAtacado: 'abc'`, a fractional stock…), each with its field and reason;
   * the other products were stored. An entry goes once the API sends that product in a form that fits.
   */
  quarantine: { count: number; products: QuarantinedProduct[] };
  /** The last jump of the server's clock the mirror saw (that answer ordered nothing and moved no mark); null if none. */
  serverClockJump: ClockJump | null;
  /** The last drift audit ({@link Mirror.audit}): products compared, found drifted and repaired, by field; null before the first. */
  drift: MirrorDrift | null;
}

/** The catalog mirror: see {@link createMirror}. */
export class Mirror {
  /** The store (tables documented in docs/mirror.md). */
  readonly store: MirrorStore;
  /** The change log: read from a saved position, consume, or subscribe. */
  readonly changes: ChangeFeed;
  readonly #client: MirrorSource;
  readonly #marginMs: number;
  readonly #catalog: string | undefined;
  #opened: Promise<MirrorStore> | undefined;
  readonly #loops = new Set<() => Promise<void>>();
  readonly #observer: MirrorRunObserver;
  readonly #retention: ResolvedRetention;

  /** @internal Use {@link createMirror}. */
  constructor(options: MirrorOptions) {
    // Every option at once, before the store is touched: one error naming each bad field.
    const telemetry = checkMirrorOptions(options);
    this.store = options.store ?? createEmbeddedStore();
    this.#client = options.client;
    this.#marginMs = options.marginMs ?? MARGEM_PADRAO_MS;
    this.#catalog = catalogIdentity(options.catalogId, options.client);
    this.#retention = resolveRetention(options.retention);
    this.changes = new ChangeFeed(() => this.open());
    this.#observer = instrumentMirror(() => this.open(), telemetry);
  }

  /**
   * Opens the store, applies its migrations and checks it holds this mirror's catalog (every other
   * method does this first). @throws InvalidInputError naming `store` when it holds another catalog.
   */
  open(): Promise<MirrorStore> {
    // A failed open (the database down a moment, say) is tried again by the next call, never kept.
    return (this.#opened ??= this.store
      .open()
      .then(async () => (await claimCatalog(this.store, this.#catalog), this.store))
      .catch((err: unknown) => {
        this.#opened = undefined;
        throw err;
      }));
  }

  /** Runs (or resumes) a full scan; see the backfill docs. One at a time across processes sharing the store. */
  async backfill(options?: BackfillOptions): Promise<BackfillResult> {
    checkCallOptions(backfillOptionsSchema, options, 'backfill()');
    const store = await this.open();
    const result = await store.exclusive('backfill', () => backfill(store, this.#client, options));
    await this.changes.poll();
    await this.#observer.ran('backfill', result);
    return result;
  }

  /**
   * One incremental run (`atualizadoDesde` from the saved high-water mark); runs the backfill first when
   * none has finished (holding the backfill's run lock too: while another caller's backfill runs, it
   * waits for it and then follows from its mark). One at a time across processes sharing the store.
   * @param options.signal aborts the run's calls.
   * @param options.onWarning hears a jump of the server's clock, products set aside, list items fetched whole. @default a `console.warn` line
   */
  async follow(options?: FollowOptions): Promise<FollowResult> {
    checkCallOptions(followOptionsSchema, options, 'follow()');
    const store = await this.open();
    // No finished backfill yet: run it under the backfill's own lock, so a follow never scans alongside
    // a backfill another caller runs; once that lock is had, the other's backfill may have finished, and
    // this run follows from its mark. One run lock held at a time (each holds a Postgres connection).
    if ((await store.state<number>(ESTADO.marca)) === undefined) {
      const ran = await store.exclusive('backfill', async () => ((await store.state<number>(ESTADO.marca)) === undefined ? backfill(store, this.#client, options) : undefined));
      if (ran !== undefined) {
        await this.changes.poll();
        await this.#observer.ran('backfill', ran);
        return { kind: 'backfill', ...ran };
      }
    }
    const result = await store.exclusive('follow', () => follow(store, this.#client, { ...options, marginMs: this.#marginMs }));
    await this.changes.poll();
    await this.#observer.ran(result.kind === 'follow' ? 'follow' : 'backfill', result);
    return result;
  }

  /**
   * Re-reads a sample of the catalog within a share of the rate budget (list pages of 100, `bulk`
   * priority), compares each product field by field with the stored one, and writes back what differs
   * (logged with origin `audit`). The pass over the catalog rolls on across runs. One at a time across
   * processes sharing the store; see docs/mirror.md, "Drift audit".
   * @throws InvalidInputError naming a bad option (`share` outside (0, 1], `sample` not a whole number ≥ 1…) before any call.
   */
  async audit(options?: AuditOptions): Promise<AuditResult> {
    const run = checkAuditOptions(options);
    const store = await this.open();
    const budget = await rateBudgetOf(this.#client);
    const result = await store.exclusive('audit', () => audit(store, this.#client, budget, { ...run, marginMs: this.#marginMs }));
    await this.changes.poll();
    await this.#observer.audited(result);
    return result;
  }

  /**
   * Follows every `intervalMs` until stopped (an error is handed to `onError` and the next run tries
   * again), and after a follow, once a day, runs {@link Mirror.prune}. {@link close} stops it too.
   * @returns a function that stops it: it aborts the run in progress, and its promise settles once that
   * run has ended, so closing the store after `await stop()` never cuts a run's write short.
   * @throws InvalidInputError naming a bad option (`intervalMs` outside 0…2147483647, `onError` not a function).
   */
  start(options?: MirrorStartOptions): () => Promise<void> {
    const { intervalMs, onError } = checkStartOptions(options);
    const schedule = auditSchedule(options?.audit);
    const controller = new AbortController();
    const { signal } = controller;
    // Its own loop: an audit paced to a share of the budget lasts minutes, and must not hold follows back.
    const audits =
      schedule &&
      this.#repeat(signal, schedule.everyMs, onError, async () => {
        // Before the first backfill has finished there is nothing to compare: every product would be new.
        if ((await (await this.open()).state<number>(ESTADO.marca)) !== undefined) await this.audit({ share: schedule.share, sample: schedule.sample, signal });
      });
    const loop = this.#repeat(signal, intervalMs, onError, async () => {
      await this.follow({ signal });
      if (!signal.aborted) await pruneExclusive(await this.open(), this.#retention, true, signal);
    });
    const stop = async (): Promise<void> => {
      controller.abort();
      await Promise.all([loop, audits]);
      this.#loops.delete(stop);
    };
    this.#loops.add(stop);
    return stop;
  }

  /**
   * Applies the retention windows now (see {@link MirrorOptions.retention}): compacts the change log to
   * the latest change of each product for changes recorded before the window, and removes outbox rows
   * settled before theirs, 1,000 rows per transaction. Holds the follow run lock: never beside a follow
   * of any process sharing the store. {@link Mirror.start} runs it once a day.
   */
  async prune(): Promise<PruneResult> {
    return (await pruneExclusive(await this.open(), this.#retention, false))!;
  }

  /** Runs `work` every `everyMs` (after each run ends) until `signal` aborts; errors go to `onError`. */
  async #repeat(signal: AbortSignal, everyMs: number, onError: (err: unknown) => void, work: () => Promise<unknown>): Promise<void> {
    while (!signal.aborted) {
      try {
        await work();
      } catch (err) {
        if (!signal.aborted)
          await Promise.resolve()
            .then(() => onError(err))
            .catch(() => undefined);
      }
      if (signal.aborted) break;
      await sleep(everyMs, signal).catch(() => undefined);
    }
  }

  /** Applies a product notice (single or `produto.lote`); other kinds are ignored. */
  async applyEvent(evento: EventoWebhook): Promise<ApplyResult> {
    const result = await aplicarEvento(await this.open(), evento);
    await this.changes.poll();
    await this.#observer.ran('webhook', result);
    return result;
  }

  /**
   * Handlers for `createWebhookHandler({ on: mirror.webhookHandlers() })`: every product kind and
   * `produto.lote` (applied in chunks, one transaction each). Spread your own handlers over it for the
   * other kinds.
   */
  webhookHandlers(): WebhookHandlers {
    const apply = async (e: EventoWebhook) => void (await this.applyEvent(e));
    // The seven kinds through the SDK's one product hook; whole lotes here, so each chunk is one transaction.
    return { ...productHandlers(apply), 'produto.lote': apply };
  }

  /** The product with this sku, or undefined. */
  async product(sku: string): Promise<MirroredProduct | undefined> {
    const row = await (await this.open()).produto(sku);
    return row && mirrored(row);
  }

  /** Stock of one size by `skuVariacao`: its product's sku, the size, and the stock; undefined when unknown. */
  async stock(skuVariacao: string): Promise<{ sku: string; numeracao: string; estoque: number } | undefined> {
    return (await this.open()).variacao(skuVariacao);
  }

  /** Products whose last change is after `position` of the change log, in change order, at most `limit` (default 500). */
  async changedSince(position: number, limit = 500): Promise<MirroredProduct[]> {
    return (await (await this.open()).changedSince(position, limit)).map(mirrored);
  }

  /** Counts of products (active, inactive, inferred gone), sizes, changes and pending outbox rows. */
  async counts(): Promise<MirrorCounts> {
    return (await this.open()).counts();
  }

  /**
   * The 0.1 name of {@link counts}, answering in 0.1's field names; warns once per process.
   * @deprecated Use `mirror.counts()` (fields `products`, `active`, `inactive`, `missing`, `variants`); goes in 0.3.
   */
  async contagens(): Promise<{ produtos: number; ativos: number; inativos: number; ausentes: number; variacoes: number; changes: number; outboxPending: number }> {
    legacy.warn(this.#client, 'contagens()', 'counts()');
    return legacy.counts(await this.counts());
  }

  /**
   * The 0.1 name of {@link product}, answering in 0.1's field names; warns once per process.
   * @deprecated Use `mirror.product(sku)` (fields `product`, `active`, `missingSince`); goes in 0.3.
   */
  async produto(sku: string): Promise<{ produto: Produto; ativo: boolean; naoVistoDesde: string | null; position: number } | undefined> {
    legacy.warn(this.#client, 'produto(sku)', 'product(sku)');
    return legacy.product(await this.product(sku));
  }

  /**
   * The 0.1 name of {@link stock} (same answer); warns once per process.
   * @deprecated Use `mirror.stock(skuVariacao)`; goes in 0.3.
   */
  async estoque(skuVariacao: string): Promise<{ sku: string; numeracao: string; estoque: number } | undefined> {
    legacy.warn(this.#client, 'estoque(skuVariacao)', 'stock(skuVariacao)');
    return this.stock(skuVariacao);
  }

  /**
   * The 0.1 name of {@link changedSince}, answering in 0.1's field names; warns once per process.
   * @deprecated Use `mirror.changedSince(position, limit)` (fields `product`, `active`, `missingSince`); goes in 0.3.
   */
  async alteradosDesde(position: number, limit = 500): Promise<{ produto: Produto; ativo: boolean; naoVistoDesde: string | null; position: number }[]> {
    legacy.warn(this.#client, 'alteradosDesde(position)', 'changedSince(position)');
    return (await this.changedSince(position, limit)).map((p) => legacy.product(p) as NonNullable<ReturnType<typeof legacy.product>>);
  }

  /**
   * Removed in 0.2: the outbox is its own object now. Reading it throws `InvalidInputError` naming the
   * replacement, instead of `undefined` failing further on with no hint.
   * @deprecated Use `createOutbox({ client, store: mirror.store })`.
   */
  get outbox(): Outbox {
    throw new InvalidInputError({ path: '', message: removedMessage('mirror.outbox', 'createOutbox({ client, store: mirror.store })') });
  }

  /** Last backfill and follow, high-water mark, lag, counts and checkpoint. */
  async status(): Promise<MirrorStatus> {
    const store = await this.open();
    const [bf, uf, marca, counts, lastPosition, quarantine, clock, drift] = await Promise.all([
      store.state<EstadoBackfill>(ESTADO.backfill),
      store.state<ResumoExecucao>(ESTADO.ultimoFollow),
      store.state<number>(ESTADO.marca),
      store.counts(),
      store.lastPosition(),
      store.state<Quarantine>(QUARANTINE_KEY),
      store.state<SavedClock>(SERVER_CLOCK_KEY),
      store.state<MirrorDrift>(AUDIT_KEY),
    ]);
    const quarantined = Object.values(quarantine ?? {}).sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
    const caughtUp = [uf?.concluidoEm, bf?.concluidoEm].filter((t): t is string => typeof t === 'string').map(Date.parse);
    return {
      store: store.kind,
      backfill: bf ? toBackfillState(bf) : null,
      lastFollow: uf ? toRunSummary(uf) : null,
      watermark: marca === undefined ? null : new Date(marca).toISOString(),
      lagMs: caughtUp.length ? Date.now() - Math.max(...caughtUp) : null,
      counts,
      lastPosition,
      quarantine: { count: quarantined.length, products: quarantined },
      serverClockJump: clock?.lastJump ?? null,
      drift: drift ?? null,
    };
  }

  /**
   * Stops every {@link start} loop (waiting for the run in progress) and closes the store. Idempotent;
   * a later call opens the store again.
   */
  async close(): Promise<void> {
    await Promise.all([...this.#loops].map((stop) => stop()));
    this.#opened = undefined;
    await this.store.close();
  }

  /** {@link close}, for `await using mirror = createMirror(…)`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

function mirrored(row: StoredProduto): MirroredProduct {
  return {
    product: produtoSchema().parse(row.produto),
    active: row.produto.ativo === true && row.naoVistoDesde === null,
    missingSince: row.naoVistoDesde,
    position: row.position,
  };
}

/**
 * Creates the catalog mirror: a local copy of the supplier's catalog and stock that converges.
 *
 * @example
 * const mirror = createMirror({ client, store: createEmbeddedStore({ dataDir: './espelho' }) });
 * await mirror.backfill();                       // once; resumable
 * const stop = mirror.start({ intervalMs: 60_000 }); // follow
 * const handler = createWebhookHandler({ on: mirror.webhookHandlers(), verify });
 * mirror.changes.subscribe((changes) => pushToStorefront(changes));
 */
export function createMirror(options: MirrorOptions): Mirror {
  return new Mirror(options);
}
