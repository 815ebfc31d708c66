import type { ChangeOrigin } from '../apply/decide.js';
import type { ProdutoWire } from '../apply/canonical.js';
import type { DeadLetter, DeadLetterFailure } from '../../webhooks/dead-letters.js';

export type { ChangeOrigin } from '../apply/decide.js';
export type { ProdutoWire } from '../apply/canonical.js';

/**
 * Kind of a change in the log. `criado`, `alterado`, `desativado` and `reativado` follow the product's
 * own `ativo`; `ausente` and `reapareceu` are the mirror's inference from full scans (a product no
 * longer listed, and one listed again), never something the API said.
 */
export type ChangeKind = 'criado' | 'alterado' | 'desativado' | 'reativado' | 'ausente' | 'reapareceu';

/** @internal A product as the store keeps it. */
export interface StoredProduto {
  /** The product exactly as the API last sent it (wire form). */
  produto: ProdutoWire;
  /** `produto.atualizadoEm` in epoch ms. */
  atualizadoMs: number;
  /** Generation of the last full scan that listed it (0 = none yet). */
  seenGeneration: number;
  /**
   * Set by a full scan that did not list it: the server time that scan started. The mirror's own
   * inference (the spec promises no event when a product stops being listed); cleared when it is seen again.
   */
  naoVistoDesde: string | null;
  /** Position of its last change in the log. */
  position: number;
}

/** @internal A change to append to the log: a {@link Change} before the log gives it its position and time. */
export type NewChange = Omit<Change, 'position' | 'recordedAt'>;

/** One entry of the change log, with its position. */
export interface Change {
  /** The product's sku. */
  sku: string;
  /** What happened to it ({@link ChangeKind}). */
  kind: ChangeKind;
  /** Top-level fields that changed (`atualizadoEm` never listed). */
  fields: string[];
  /** The product before the change (wire form); null when it is new to the mirror. */
  before: ProdutoWire | null;
  /** The product after the change (wire form); for `ausente` and `reapareceu`, the state held (unchanged). */
  after: ProdutoWire | null;
  /** Where the change came from: an answer of the API, a notice, or the sweep's inference. */
  origin: ChangeOrigin;
  /** The notice kind that brought it, for a webhook. */
  evento: string | null;
  /**
   * Position in the log: increasing, in commit order, never reused — but not gapless: the SQL stores draw
   * it from a sequence, which a rolled-back write or a crash skips ahead. Compare positions; never expect
   * the next one to be this plus 1.
   */
  position: number;
  /** When the mirror recorded it (the mirror's clock; metadata only). */
  recordedAt: string;
}

/** A durable creation call waiting for (or holding) its answer. */
export interface OutboxRow {
  /** The Idempotency-Key the call is sent (and replayed) with. */
  key: string;
  /** The operation (`pedidos.criar`, `etiquetas.emitir`); a row naming any other is never sent, and ends `failed`. */
  operation: string;
  /** The request body, saved before the first send. */
  body: unknown;
  /** `pending` until the server answers; `done` with its answer; `failed` after a refusal (4xx). */
  status: 'pending' | 'done' | 'failed';
  /** The server's answer (`done`), else null. */
  response: unknown;
  /**
   * The last error. A refusal of the server (`failed`): `{ status, codigo, mensagem, requestId, corpo }`,
   * `corpo` being the whole `erro` object, from which the outbox rebuilds the same `ApiError`. A row
   * failed without being sent: `{ message }` (and `issues` for a body the client refuses). A pending
   * row: `{ message }`, why the last attempt got no answer.
   */
  error: unknown;
  /** Sends so far. */
  attempts: number;
  /** When the row was saved (the store's clock, ISO 8601). */
  createdAt: string;
}

/** How one attempt of a creation call ended. */
export type OutboxOutcome =
  | { status: 'done'; response: unknown }
  /** Refused for good; `sent: false` when it was refused before anything was sent (attempts stay as they were). */
  | { status: 'failed'; error: unknown; sent?: false | undefined }
  /** Not answered yet (connection lost, 5xx after retries, 429, request still in progress): try again later. */
  | { status: 'pending'; error: unknown };

/** Counts the status reports. */
export interface MirrorCounts {
  /** Every product the mirror holds (active, inactive and inferred gone). */
  products: number;
  /** Products with `ativo` true that the last full scan listed. */
  active: number;
  /** Products the API sent with `ativo` false (and the last full scan listed). */
  inactive: number;
  /** Products the last full scan did not list (`missingSince` set): the mirror's inference. */
  missing: number;
  /** Sizes (rows by `skuVariacao`). */
  variants: number;
  /** Entries of the change log. */
  changes: number;
  /** Outbox rows still waiting for the server's answer. */
  outboxPending: number;
}

/**
 * @internal The catalog's operations of one transaction. Every write of the mirror happens inside one: a
 * page of a scan, a chunk of a lote, a chunk of a sweep — small units, so no transaction outlives a job
 * runner's timeout. SQL stores run them in a database transaction; the memory store undoes them on a throw.
 */
export interface CatalogTx {
  /** The products with these skus (those the store has), locked for the rest of the transaction in SQL stores. */
  produtos(skus: readonly string[]): Promise<Map<string, StoredProduto>>;
  /** Inserts or replaces products (one row per sku), and their rows by `skuVariacao`. */
  putProdutos(linhas: readonly StoredProduto[]): Promise<void>;
  /** Notes that the full scan of `geracao` listed these skus (no content change). */
  markSeen(skus: readonly string[], geracao: number): Promise<void>;
  /**
   * Up to `limite` products not listed by the scan of `geracao`, not yet marked, and last changed before
   * `antesDeMs` — or stamped past `tetoMs`, a time no server clock could have reached (a clock far ahead).
   */
  unseen(geracao: number, antesDeMs: number, limite: number, tetoMs?: number): Promise<StoredProduto[]>;
  /** Appends to the change log, in order; returns their positions. */
  appendChanges(mudancas: readonly NewChange[]): Promise<number[]>;
  /** A saved value of the mirror's state (checkpoints, high-water mark, last runs). */
  state<T>(key: string): Promise<T | undefined>;
  /** Saves a value of the mirror's state. */
  setState(key: string, valor: unknown): Promise<void>;
  /** Queues skus for a refresh from the API (ties). */
  queueRefresh(skus: readonly string[]): Promise<void>;
  /** Skus queued for a refresh. */
  refreshQueue(limite: number): Promise<string[]>;
  /** Removes skus from the refresh queue. */
  refreshed(skus: readonly string[]): Promise<void>;
  /** The highest position of a change recorded before `time` (ISO 8601), 0 when none. */
  lastChangeBefore(time: string): Promise<number>;
  /**
   * Removes up to `limite` changes after `aposPosition` and at or below `atePosition` that are not the
   * latest change of their product, lowest first. @returns how many, and the highest removed (0 when none).
   */
  compactChanges(aposPosition: number, atePosition: number, limite: number): Promise<{ removed: number; last: number }>;
}

/** @internal The outbox's operations of one transaction. */
export interface OutboxTx {
  /** Saves a pending creation call before it is sent. False when the key is already there. */
  outboxInsert(linha: Pick<OutboxRow, 'key' | 'operation' | 'body'>): Promise<boolean>;
  /** A row of the outbox, locked in SQL stores. `pular` skips rows another transaction holds. */
  outboxRow(key: string, pular?: boolean): Promise<OutboxRow | undefined>;
  /**
   * Pending keys, oldest first (by creation, then key); with `aposChave`, only those after that row
   * in the same order, so a caller can page through every pending row however many stay pending.
   */
  outboxPending(limite: number, aposChave?: string): Promise<string[]>;
  /** Records the end of a creation call (answer or final error), or one more attempt. */
  outboxUpdate(key: string, mudanca: Partial<Pick<OutboxRow, 'status' | 'response' | 'error' | 'attempts'>>): Promise<void>;
  /** Removes up to `limite` settled outbox rows (`done`, `failed`) settled before `time` (ISO 8601). @returns how many. */
  pruneOutbox(time: string, limite: number): Promise<number>;
}

/**
 * @internal A transaction of a store holding both parts: one database and one write lock, so a catalog
 * write and an outbox write may commit together.
 */
export interface MirrorTx extends CatalogTx, OutboxTx {}

/**
 * @internal The webhook dead letters the mirror's database keeps (`pc_mirror_dead_letters`), for
 * `mirrorDeadLetters`. Outside the mirror's write transactions: a record is no part of the catalog.
 */
export interface MirrorDeadLetterTable {
  /**
   * Upserts a failure (attempts + 1, first failure kept), drops records whose last failure is before
   * `cutoffMs`, then the oldest past `maxEntries`. @returns those dropped for the bound.
   */
  record(failure: DeadLetterFailure, maxEntries: number, cutoffMs: number): Promise<{ id: string; evento: string }[]>;
  /** Records in id order (byte order), after `after`. */
  list(after: string | undefined, limit: number): Promise<DeadLetter[]>;
  remove(id: string): Promise<void>;
  /** Drops records whose last failure is before `cutoffMs`. @returns how many. */
  prune(cutoffMs: number): Promise<number>;
}

/** @internal What both parts of a store have: a name, an open, a close. */
export interface StoreLifecycle {
  /** A short name for logs and status (`memory`, `pglite`, `postgres`, `sqlite`). */
  readonly kind: string;
  /** @internal Opens the store and applies pending migrations. Idempotent. */
  open(): Promise<void>;
  /** Closes connections (the store's own; a pool handed in is left open). Idempotent: a second call does nothing. */
  close(): Promise<void>;
  /** {@link close}, for `await using store = createPgliteStore(…)`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * @internal The catalog part of a store, what the mirror's sync, apply, feed and audit use: products,
 * sizes, the change log and its retention, state, consumers, run locks.
 *
 * The reads see committed data only: never a write of a transaction still open (nor one it then rolls
 * back). Postgres answers from the last commit; a single-connection store (PGlite, memory) answers once
 * the open transaction ends, so no such read may be awaited inside one.
 */
export interface CatalogStore<Tx extends CatalogTx = CatalogTx> extends StoreLifecycle {
  /** @internal A product by sku. */
  produto(sku: string): Promise<StoredProduto | undefined>;
  /** @internal The sku and size holding this `skuVariacao`. */
  variacao(skuVariacao: string): Promise<{ sku: string; numeracao: string; estoque: number } | undefined>;
  /** @internal Change log entries after `position`, oldest first. */
  changes(afterPosition: number, limite: number): Promise<Change[]>;
  /** @internal Products whose last change is after `position`, in position order. */
  changedSince(afterPosition: number, limite: number): Promise<StoredProduto[]>;
  /** @internal Every product, in sku order, a page at a time (after `aposSku`). */
  produtos(aposSku: string | null, limite: number): Promise<StoredProduto[]>;
  /** @internal Last position of the change log (0 when empty). */
  lastPosition(): Promise<number>;
  /** @internal A saved value of the mirror's state. */
  state<T>(key: string): Promise<T | undefined>;
  /** @internal A consumer's saved position in the change log (0 when new). */
  consumerPosition(name: string): Promise<number>;
  /** @internal Saves a consumer's position in the change log. */
  saveConsumerPosition(name: string, position: number): Promise<void>;
  /** @internal Runs `fn` in one write transaction: all of it is kept, or none. Writes of all processes are serialized. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * @internal Runs `fn` while holding the named run lock (one backfill, one follow at a time across every
   * process sharing the store). Lock holders that die release it.
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * @internal The highest change-log position retention has removed (state `retention.compactedThrough`;
   * 0 when none): every change above it is intact, so a reader past it has missed nothing.
   */
  compactedThrough(): Promise<number>;
}

/**
 * @internal The outbox part of a store, what `createOutbox` uses: creation calls waiting for (or holding)
 * their answer, and the webhook dead letters. Both are work kept to be done again later (a call replayed, a
 * notice replayed), bounded by retention, and written outside the catalog's transactions.
 */
export interface OutboxStore<Tx extends OutboxTx = OutboxTx> extends StoreLifecycle {
  /** @internal Runs `fn` in one write transaction: all of it is kept, or none. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * @internal Runs `send` for a pending outbox row while holding that row's lock, then records its outcome. A row
   * another caller (any process) holds is skipped: `undefined`. A row no longer pending is returned as is.
   */
  outboxClaim(key: string, send: (row: OutboxRow) => Promise<OutboxOutcome>): Promise<OutboxRow | undefined>;
  /** @internal The webhook dead letters kept in the same database; read it after `open()`. */
  readonly deadLetterTable: MirrorDeadLetterTable;
}

/**
 * Where the mirror keeps the catalog, its change log, checkpoints and the outbox.
 * {@link createMemoryStore} (tests), {@link createEmbeddedStore} (the default: {@link createSqliteStore}
 * or {@link createPgliteStore}) and {@link createPostgresStore} (several processes and machines)
 * implement it. Hand it to `createMirror` and `createOutbox`; its operations are the SDK's own, and a
 * store of your own is not supported.
 */
export interface MirrorStore extends CatalogStore<MirrorTx>, OutboxStore<MirrorTx> {
  /** @internal Counts for status: the catalog's, and the outbox rows still pending, in one read. */
  counts(): Promise<MirrorCounts>;
}
