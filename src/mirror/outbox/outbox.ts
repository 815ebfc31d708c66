import { InvalidInputError, type InputIssue } from '../../errors/invalid-input-error.js';
import type { Etiqueta } from '../../models/etiqueta.js';
import type { Pedido } from '../../models/pedido.js';
import type { EtiquetaEmitirParams } from '../../resources/etiquetas.js';
import type { PedidoCriarParams } from '../../resources/pedidos.js';
import { newIdempotencyKey, checkIdempotencyKey } from '../../transport/idempotency.js';
import { canonicalJson } from '../../internal/canonical-json.js';
import type { MirrorStore, OutboxOutcome, OutboxRow, OutboxStore } from '../store/types.js';
import { checkOutboxBody, OPERATION_NAMES, operationOf } from './operations.js';
import type { OutboxClient, OutboxOperation } from './outbox-client.js';
import { answerOf, outcomeOf, refusalOf } from './outcome.js';
import { checkCallOptions, outboxCallOptionsSchema } from '../mirror-options.js';
import { OutboxPendingError } from './pending-error.js';

export type { OutboxClient, OutboxOperation } from './outbox-client.js';
export { OutboxPendingError } from './pending-error.js';

// Pending rows are read a page at a time, so a replay holds a bounded list however many rows wait.
const REPLAY_PAGE = 1000;

/** Options of {@link Outbox.criarPedido} and {@link Outbox.emitir}. */
export interface OutboxCallOptions {
  /**
   * The row's Idempotency-Key (1 to 255 visible characters). Derive it from your own id of the order
   * (`loja-pedido-${id}`): then even a crash before the row was saved is safe — calling again with the
   * same key finds the row (sent or not) instead of creating a second order.
   * @default a new random key
   */
  idempotencyKey?: string | undefined;
}

/** What this call itself got from the client, when it was the one that sent the row. */
interface Live {
  answer?: { value: unknown };
  error?: unknown;
}

/**
 * Durable order creation and label issue on the mirror's store: the Idempotency-Key and the body are
 * saved (committed) before anything is sent, and a row stays pending until the server answers it.
 * After a crash, {@link Outbox.replay} sends every pending row again with its own key, so the server
 * creates each order or label at most once and the caller gets the first answer. Concurrent replays
 * (any process on Postgres) never send the same row at once: the row is locked (`FOR UPDATE SKIP
 * LOCKED`) while its call is in flight.
 *
 * It answers as the client does: `criarPedido` resolves to the `Pedido` `client.pedidos.criar` gives
 * (Money, not the wire's strings) and a refusal is the same `ApiError`, also when the answer or the
 * refusal is read back from the row.
 *
 * Create it with {@link createOutbox}, over the mirror's store or a store of its own.
 *
 * @example
 * const outbox = createOutbox({ client, store: createPgliteStore({ dataDir: './data/espelho' }) });
 * await outbox.replay();                      // once at startup: what a crash left pending
 * const pedido = await outbox.criarPedido(body, { idempotencyKey: `loja-${meuPedido.id}` });
 * // OutboxPendingError: no answer yet (connection lost, 5xx, 429) — the row stays and replay() sends it again.
 */
export class Outbox {
  readonly #store: OutboxStore;
  readonly #client: Partial<OutboxClient>;

  /** @internal Use {@link createOutbox}. */
  constructor(store: MirrorStore, client: Partial<OutboxClient>) {
    this.#store = store;
    this.#client = client;
  }

  // Opened on every call rather than once: the store's own open is memoised and cheap, and a mirror
  // sharing the store may have closed it meanwhile (the store then opens again on its next statement).
  async #open(): Promise<OutboxStore> {
    await this.#store.open();
    return this.#store;
  }

  /**
   * Closes the store given to {@link createOutbox} (a pool handed to the store stays open). Idempotent;
   * a later call opens the store again.
   */
  async close(): Promise<void> {
    await this.#store.close();
  }

  /** {@link close}, for `await using outbox = createOutbox(…)`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /**
   * Creates an order durably (POST /v1/pedidos): checks the body as `pedidos.criar` does, saves the key
   * and body, sends, records the answer. The same call again with a key already in the outbox is not
   * saved again: its saved answer comes back, its saved refusal is thrown again, or its pending row is sent.
   * @throws {InvalidInputError} before anything is saved or sent: a body `pedidos.criar` refuses (the
   * field named), a bad key, or a key already in the outbox for another body or operation (path `idempotencyKey`).
   * @throws {ApiError} the server refused it (4xx other than 429 and 409 REQUISICAO_EM_ANDAMENTO), as
   * `pedidos.criar` throws it (`codigo`, `itens`, `pedido` for REFERENCIA_EXTERNA_DUPLICADA): the row ends `failed`.
   * @throws {OutboxPendingError} when no answer came; the row stays pending and {@link Outbox.replay} sends it again.
   */
  async criarPedido(body: PedidoCriarParams, options: OutboxCallOptions = {}): Promise<Pedido> {
    checkCallOptions(outboxCallOptionsSchema, options, 'criarPedido()');
    return this.#run('pedidos.criar', body, options.idempotencyKey) as Promise<Pedido>;
  }

  /**
   * Issues a label durably (POST /v1/etiquetas), as {@link Outbox.criarPedido} does an order; it
   * resolves to the `Etiqueta` `etiquetas.emitir` gives and throws what it throws.
   * @throws {InvalidInputError} before anything is saved or sent (a body that is not an object, a bad or reused key).
   * @throws {ApiError} the server refused it: the row ends `failed`.
   * @throws {OutboxPendingError} when no answer came; the row stays pending and {@link Outbox.replay} sends it again.
   */
  async emitir(body: EtiquetaEmitirParams, options: OutboxCallOptions = {}): Promise<Etiqueta> {
    checkCallOptions(outboxCallOptionsSchema, options, 'emitir()');
    return this.#run('etiquetas.emitir', body, options.idempotencyKey) as Promise<Etiqueta>;
  }

  /**
   * Sends every pending row again with its key, oldest first (run at startup, and now and then if you
   * want pending rows retried without waiting for a restart). Rows another replayer holds are skipped;
   * a row still without an answer stays pending and the rows behind it are sent all the same. A row
   * that can never be sent as saved (an operation this version does not know, a body the client
   * refuses) ends `failed` with the reason in `error`, without being sent.
   * @returns the rows it went through, each as it stands now (`done`, `failed`, or still `pending`).
   */
  async replay(): Promise<OutboxRow[]> {
    const store = await this.#open();
    const rows: OutboxRow[] = [];
    const seen = new Set<string>();
    let after: string | undefined;
    for (;;) {
      const cursor = after;
      const keys = (await store.transaction((tx) => tx.outboxPending(REPLAY_PAGE, cursor))).filter((key) => !seen.has(key));
      // A page with nothing new ends it too: a store that ignored the cursor would otherwise loop forever.
      if (keys.length === 0) break;
      for (const key of keys) {
        seen.add(key);
        const row = await store.outboxClaim(key, (r) => this.#send(r));
        if (row) rows.push(row);
      }
      after = keys[keys.length - 1];
    }
    return rows;
  }

  /** A row by its Idempotency-Key. */
  async get(key: string): Promise<OutboxRow | undefined> {
    return (await this.#open()).transaction((tx) => tx.outboxRow(key));
  }

  async #run(operation: OutboxOperation, body: unknown, key = newIdempotencyKey()): Promise<unknown> {
    const spec = operationOf(operation)!;
    const issues: InputIssue[] = [];
    checkIdempotencyKey(key, issues);
    // The client's own checks, before the row is saved: a body it refuses would stay pending forever.
    const checked = checkOutboxBody(spec, body);
    issues.push(...checked.issues);
    if (!spec.method(this.#client)) issues.push({ path: 'client', message: `the outbox's client has no ${operation}: pass a PartnerCommerce as client` });
    if (issues.length) throw new InvalidInputError(issues, { idempotencyKey: key });
    const wire = checked.body;
    const store = await this.#open();
    // Saved (committed) before the call leaves: a crash after this line is replayed with this key.
    const saved = await store.transaction(async (tx) => (await tx.outboxInsert({ key, operation, body: wire })) || tx.outboxRow(key));
    // The key is already in the outbox: the same call again is fine (its answer, or its pending send);
    // another call under it is a bug the server would answer 422, so it is refused here, before sending.
    if (saved !== true && saved && (saved.operation !== operation || canonicalJson(saved.body) !== canonicalJson(wire))) {
      throw new InvalidInputError([
        { path: 'idempotencyKey', message: `${key} is already in the outbox for another ${saved.operation === operation ? 'body' : `operation (${saved.operation})`}; use a new key` },
      ]);
    }
    const live: Live = {};
    const row = await store.outboxClaim(key, (r) => this.#send(r, live));
    // What the client itself answered is handed on as it is; a row answered earlier is read back.
    if (row?.status === 'done') return live.answer ? live.answer.value : answerOf(spec, row);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- what the client's call threw is handed on as it was thrown
    if (row?.status === 'failed') throw live.error ?? refusalOf(spec, row);
    throw new OutboxPendingError(key, live.error ?? row?.error);
  }

  async #send(row: OutboxRow, live: Live = {}): Promise<OutboxOutcome> {
    const spec = operationOf(row.operation);
    // Never sent as another operation: `etiquetas.cancelar` sent as POST /v1/etiquetas would issue a paid label.
    if (!spec)
      return {
        status: 'failed',
        sent: false,
        error: { message: `unknown operation ${JSON.stringify(row.operation)}: the outbox sends only ${OPERATION_NAMES.join(' and ')}, so this row is never sent` },
      };
    const checked = checkOutboxBody(spec, row.body);
    if (checked.issues.length) return outcomeOf(new InvalidInputError(checked.issues, { idempotencyKey: row.key }));
    const method = spec.method(this.#client);
    if (!method) return { status: 'pending', error: { message: `the outbox's client has no ${spec.name}: pass a PartnerCommerce as client` } };
    try {
      const answer = await method(checked.body as Record<string, unknown>, { idempotencyKey: row.key });
      // Saved as JSON, which is the wire form: Money and timestamps write themselves as the API sent them.
      const response = JSON.parse(JSON.stringify(answer)) as unknown;
      live.answer = { value: answer };
      return { status: 'done', response };
    } catch (err) {
      live.error = err;
      return outcomeOf(err);
    }
  }
}
