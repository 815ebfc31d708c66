import { isApiError } from '../../errors/api-error.js';
import type { Etiqueta } from '../../models/etiqueta.js';
import type { Pedido } from '../../models/pedido.js';
import type { EtiquetaEmitirParams } from '../../resources/etiquetas.js';
import type { PedidoCriarParams } from '../../resources/pedidos.js';
import type { RequestOptions } from '../../transport/request-options.js';
import { newIdempotencyKey, checkIdempotencyKey } from '../../transport/idempotency.js';
import { InvalidInputError, type InputIssue } from '../../errors/invalid-input-error.js';
import { canonicalJson } from '../apply/canonical.js';
import type { MirrorStore, OutboxOutcome, OutboxRow } from '../store/types.js';

/** What the outbox needs of the client: order creation and label issue. A `PartnerCommerce` fits. */
export interface OutboxClient {
  /** Orders. */
  pedidos: {
    /** POST /v1/pedidos. */
    criar(body: PedidoCriarParams, options?: RequestOptions): PromiseLike<Pedido>;
  };
  /** Labels. */
  etiquetas: {
    /** Issues a label. */
    emitir(body: EtiquetaEmitirParams, options?: RequestOptions): PromiseLike<Etiqueta>;
  };
}

/** The creation calls the outbox makes durable. */
export type OutboxOperation = 'pedidos.criar' | 'etiquetas.emitir';

/** Thrown when a creation call could not get its answer yet; the row stays pending and {@link Outbox.replay} sends it again. */
export class OutboxPendingError extends Error {
  /** Always `'OutboxPendingError'`. */
  override readonly name = 'OutboxPendingError';
  /** The row's Idempotency-Key. */
  readonly key: string;
  /** @internal */
  constructor(key: string, cause: unknown) {
    super(`creation call ${key} has no answer yet; it stays in the outbox and replay() sends it again with the same Idempotency-Key`, { cause });
    this.key = key;
  }
}

// Answers that end a creation for good; anything else (no answer, 429, 5xx after the client's retries,
// 409 REQUISICAO_EM_ANDAMENTO) leaves the row pending for the next replay, with the same key.
function outcomeOf(err: unknown): OutboxOutcome {
  if (isApiError(err) && err.status >= 400 && err.status < 500 && err.status !== 429 && err.codigo !== 'REQUISICAO_EM_ANDAMENTO') {
    return { status: 'failed', error: { status: err.status, codigo: err.codigo, mensagem: err.mensagem, requestId: err.requestId } };
  }
  return { status: 'pending', error: { message: err instanceof Error ? err.message : String(err) } };
}

/** Options of {@link Outbox.criarPedido} and {@link Outbox.emitirEtiqueta}. */
export interface OutboxCallOptions {
  /**
   * The row's Idempotency-Key (1 to 255 visible characters). Derive it from your own id of the order
   * (`loja-pedido-${id}`): then even a crash before the row was saved is safe — calling again with the
   * same key finds the row (sent or not) instead of creating a second order.
   * @default a new random key
   */
  idempotencyKey?: string | undefined;
}

/**
 * Durable order creation and label issue on the mirror's store: the Idempotency-Key and the body are
 * saved (committed) before anything is sent, and a row stays pending until the server answers it.
 * After a crash, {@link Outbox.replay} sends every pending row again with its own key, so the server
 * creates each order or label at most once and the caller gets the first answer. Concurrent replays
 * (any process on Postgres) never send the same row at once: the row is locked (`FOR UPDATE SKIP
 * LOCKED`) while its call is in flight.
 *
 * One call per creation, where a partner would otherwise write their own outbox table:
 *
 * @example
 * const mirror = createMirror({ client, store: createPgliteStore({ dataDir: './data/espelho' }) });
 * await mirror.outbox.replay();                      // once at startup: what a crash left pending
 * const pedido = await mirror.outbox.criarPedido(body, { idempotencyKey: `loja-${meuPedido.id}` });
 * // OutboxPendingError: no answer yet (connection lost, 5xx, 429) — the row stays and replay() sends it again.
 */
export class Outbox {
  readonly #store: () => Promise<MirrorStore>;
  readonly #client: Partial<OutboxClient>;

  /** @internal */
  constructor(store: () => Promise<MirrorStore>, client: Partial<OutboxClient>) {
    this.#store = store;
    this.#client = client;
  }

  /**
   * Creates an order durably (POST /v1/pedidos): saves the key and body, sends, records the answer. The
   * same call again with a key already in the outbox is not saved again: its saved answer comes back, or
   * its pending row is sent.
   * @throws {InvalidInputError} (path `idempotencyKey`) when the key is in the outbox for another body or operation; nothing is sent.
   * @throws {OutboxPendingError} when no answer came; the row stays pending and {@link Outbox.replay} sends it again.
   * @throws {Error} with `detail` (status, codigo, mensagem, requestId) when the server refused it (4xx other than 429 and 409 REQUISICAO_EM_ANDAMENTO): the row ends as `failed`.
   */
  criarPedido(body: PedidoCriarParams, options: OutboxCallOptions = {}): Promise<Pedido> {
    return this.#run('pedidos.criar', body, options.idempotencyKey) as Promise<Pedido>;
  }

  /**
   * Issues a label durably (POST /v1/etiquetas), as {@link Outbox.criarPedido} does an order.
   * @throws {OutboxPendingError} when no answer came; the row stays pending and {@link Outbox.replay} sends it again.
   */
  emitirEtiqueta(body: EtiquetaEmitirParams, options: OutboxCallOptions = {}): Promise<Etiqueta> {
    return this.#run('etiquetas.emitir', body, options.idempotencyKey) as Promise<Etiqueta>;
  }

  /**
   * Sends every pending row again with its key, oldest first (run at startup, and now and then if you
   * want pending rows retried without waiting for a restart). Rows another replayer holds are skipped.
   * @returns the rows it went through, each as it stands now (`done`, `failed`, or still `pending`).
   */
  async replay(): Promise<OutboxRow[]> {
    const store = await this.#store();
    const keys = await store.transaction((tx) => tx.outboxPending(1000));
    const rows: OutboxRow[] = [];
    for (const key of keys) {
      const row = await store.outboxClaim(key, (r) => this.#send(r));
      if (row) rows.push(row);
    }
    return rows;
  }

  /** A row by its Idempotency-Key. */
  async get(key: string): Promise<OutboxRow | undefined> {
    return (await this.#store()).transaction((tx) => tx.outboxRow(key));
  }

  async #run(operation: OutboxOperation, body: unknown, key = newIdempotencyKey()): Promise<unknown> {
    const issues: InputIssue[] = [];
    checkIdempotencyKey(key, issues);
    if (issues.length) throw new InvalidInputError(issues);
    const store = await this.#store();
    // Saved (committed) before the call leaves: a crash after this line is replayed with this key.
    const wire = JSON.parse(JSON.stringify(body)) as unknown;
    const saved = await store.transaction(async (tx) => (await tx.outboxInsert({ key, operation, body: wire })) || tx.outboxRow(key));
    // The key is already in the outbox: the same call again is fine (its answer, or its pending send);
    // another call under it is a bug the server would answer 422, so it is refused here, before sending.
    if (saved !== true && saved && (saved.operation !== operation || canonicalJson(saved.body) !== canonicalJson(wire))) {
      throw new InvalidInputError([{ path: 'idempotencyKey', message: `${key} is already in the outbox for another ${saved.operation === operation ? 'body' : `operation (${saved.operation})`}; use a new key` }]);
    }
    const row = await store.outboxClaim(key, (r) => this.#send(r));
    if (row?.status === 'done') return row.response;
    if (row?.status === 'failed') throw Object.assign(new Error(`${operation} ${key} was refused: ${JSON.stringify(row.error)}`), { detail: row.error });
    throw new OutboxPendingError(key, row?.error);
  }

  async #send(row: OutboxRow): Promise<OutboxOutcome> {
    const options: RequestOptions = { idempotencyKey: row.key };
    try {
      const answer =
        row.operation === 'pedidos.criar'
          ? await this.#need('pedidos').criar(row.body as PedidoCriarParams, options)
          : await this.#need('etiquetas').emitir(row.body as EtiquetaEmitirParams, options);
      return { status: 'done', response: JSON.parse(JSON.stringify(answer)) as unknown };
    } catch (err) {
      return outcomeOf(err);
    }
  }

  #need<K extends keyof OutboxClient>(name: K): OutboxClient[K] {
    const part = this.#client[name];
    if (!part) throw new TypeError(`the mirror's client has no ${name}: pass a PartnerCommerce as client`);
    return part;
  }
}
