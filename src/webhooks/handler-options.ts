import type { Logger } from '../internal/logger.js';
import type { DedupeStore } from './dedupe.js';
import type { DeadLetterStore } from './dead-letters.js';
import type { EventoDe, EventoDesconhecido, EventoWebhook, TipoEvento } from './events.js';
import type { MetricsTelemetryOption } from '../telemetry/options.js';
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by {@link} in TSDoc below
import type { WebhookSignatureError } from '../errors/webhook-signature-error.js';
import { optionNames } from '../errors/check-options.js';

/**
 * Handlers by event kind, each receiving the event typed for its kind; they may be async. A handler that
 * throws (or rejects) makes the answer 500, so the supplier delivers the event again.
 *
 * Deliveries are retried and come in no particular order: make each handler idempotent, and compare
 * `atualizadoEm` before overwriting, since an older notice may arrive after a newer one.
 *
 * For a `produto.lote`, the handler of each item's kind runs once per item, in order, with the item as
 * a single event (id `${loteId}:${index}`). If a `'produto.lote'` handler is given, it runs instead,
 * once with the whole lote, and the item handlers do not run for it (call {@link expandBatch} inside
 * it to reuse them).
 */
export type WebhookHandlers = { [K in TipoEvento]?: (evento: EventoDe<K>) => unknown };

/**
 * Checks that a delivery really comes from the supplier (its signature), from the exact bytes received
 * and the request headers. Return true to accept, false to refuse (401). To say why, throw a
 * {@link WebhookSignatureError} instead of returning false: the 401 names its reason (`expired`, ...).
 * Any other thrown error answers 500 (the supplier retries). The spec does not show the signature
 * scheme or its headers, so this is the partner's to write; check the time it carries against a
 * tolerance, so a captured notice cannot be replayed. `rawBody` is backed by an `ArrayBuffer`, so it
 * can go straight to `crypto.subtle.sign` or `crypto.createHmac().update()`.
 */
export type WebhookVerify = (rawBody: Uint8Array<ArrayBuffer>, headers: Headers) => boolean | Promise<boolean>;

/**
 * The handler's logger: the client's {@link Logger} shape, of which it calls `warn` (a delivery refused
 * for its content or signature, `verify: 'unsafe-skip'`) and `error` (a failure that answered 500).
 */
export type WebhookLogger = Pick<Logger, 'warn' | 'error'>;

/**
 * Where in handling a delivery something failed (see {@link WebhookHandlerOptions.onError}).
 * `dead-letter`: the dead-letter store could not record a failed notice, or remove one handled since;
 * the answer is the one the handling decided (500 for a failure, 200 for a success).
 */
export type WebhookErrorStage = 'body' | 'verify' | 'parse' | 'dedupe' | 'handler' | 'dead-letter';

/** What {@link WebhookHandlerOptions.onError} is told besides the error. */
export interface WebhookErrorContext {
  /** The step that failed. */
  stage: WebhookErrorStage;
  /**
   * The HTTP status answered (200 when only recording the id in the dedupe store failed; 401 for a
   * refused signature, the error being a {@link WebhookSignatureError} with its `reason`).
   */
  status: number;
  /**
   * The kind of the notice (`'pedido.criado'`; for a lote item, the item's kind), the same string at
   * every stage that knows it: after parsing, and for a body that failed parsing but named its kind.
   * Absent before the signature is accepted: nothing of an unverified body is read.
   */
  evento?: string;
  /** The id of the notice (for a lote item, `${loteId}:${index}`), once parsed. */
  id?: string;
}

/** Deduplication settings of {@link createWebhookHandler}. */
export interface WebhookDedupeOptions {
  /**
   * Where handled ids are recorded.
   * @default createMemoryDedupeStore() — one process, 10,000 ids
   */
  store?: DedupeStore;
  /**
   * How long an id is remembered. The spec does not show the retry schedule; keep it longer than the
   * longest redelivery you expect.
   * @default 259_200_000 (3 days)
   */
  ttlMs?: number;
  /**
   * How long `reserve` holds an id while its handler runs (only for stores that implement `reserve`).
   * @default 300_000 (5 minutes)
   */
  reserveTtlMs?: number;
}

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions {
  /** Handlers by event kind. A kind with no handler is answered 200 and forgotten. */
  on?: WebhookHandlers;
  /**
   * Runs for an event of a kind the SDK does not know (a new kind, or a lote item of one). Without it,
   * such events are answered 200 so the supplier does not retry them forever.
   */
  onUnknown?: (evento: EventoDesconhecido) => unknown;
  /**
   * Signature check, run first on the raw bytes; a refusal answers 401 with its reason, and the body is
   * never parsed. Required: without it, anyone who finds the URL could forge a notice (a price, a
   * stock) and it would be handled. `'unsafe-skip'` accepts every delivery unchecked, for tests and
   * local tools only (a warning is logged at creation).
   *
   * To rotate a secret without downtime, give a list, one check per secret in use (the current one
   * first): a delivery any of them accepts is accepted; one all refuse answers 401 with the most telling
   * reason (`expired` from a check that found the signature genuine, before a plain `mismatch`). A check
   * that fails (throws something else) answers 500 only when no other check accepts. Remove the
   * previous secret's check once the supplier signs only with the new one.
   */
  verify: WebhookVerify | readonly WebhookVerify[] | 'unsafe-skip';
  /**
   * The panel's test button sends `teste.ping` possibly unsigned (the spec says it need not be signed).
   * When true, a body of at most 4 KiB that fails `verify` and whose `evento` is `teste.ping` is still
   * answered 200, so the button shows success; only that field is read (it is not parsed into an
   * event), no handler runs and nothing is recorded: its content is not authenticated. When false, it is
   * answered 401 like any other unverified delivery. A signed ping runs `on['teste.ping']` as usual.
   * @default true
   */
  allowUnsignedPing?: boolean;
  /**
   * Run each event id (and each lote item id) once: true or omitted for the in-memory store, an object
   * to choose the store or the time to remember, false to turn it off.
   * @default true
   */
  dedupe?: boolean | WebhookDedupeOptions;
  /**
   * Where a notice whose handler threw is kept, to run again later with `handler.replayDeadLetters()`
   * or `partner-commerce webhooks replay-failed` (docs/webhooks.md, "Dead letters"). The answer stays
   * 500, so the sender still retries; a later success of the same id removes its record. Needs
   * `dedupe` (a replay runs each id at most once through the dedupe store). Without it, nothing is kept.
   * @default undefined (no dead letters)
   */
  deadLetters?: DeadLetterStore;
  /** Told of every failure (the answer is decided already). Without it, failures are logged. */
  onError?: (error: unknown, context: WebhookErrorContext) => void;
  /**
   * Where the handler logs (`verify: 'unsafe-skip'`, a body parser in front of the node adapter,
   * failures when there is no `onError`).
   * @default console
   */
  logger?: WebhookLogger;
  /**
   * Largest body accepted, in bytes; a bigger one is answered 413 without being read in full. The spec
   * does not show a body size limit; a lote of 500 products is about 0.5 MB.
   * @default 16_777_216 (16 MiB)
   */
  maxBodyBytes?: number;
  /**
   * OpenTelemetry metrics of the receiver: handling duration by outcome, duplicates skipped, parse
   * failures (README, "Observability"). Needs the optional peer `@opentelemetry/api`, loaded on the
   * first delivery only when this is on. `true` for the global meter provider, or `{ meterProvider }`.
   * @default false
   */
  telemetry?: MetricsTelemetryOption;
}

/** How a delivery was answered, with why (`outcome`), for logs and tests. */
export interface WebhookResult {
  /** HTTP status to answer: 200, 400, 401, 405, 409, 413 or 500. */
  status: number;
  /**
   * `handled` (a handler ran), `duplicate` (already handled), `unhandled` (no handler for the kind),
   * `unknown` (a kind the SDK does not know, no `onUnknown`), `unsigned-ping`, `malformed` (400),
   * `unauthorized` (401), `method-not-allowed` (405), `in-flight` (409: another process is handling
   * it), `too-large` (413), `failed` (500).
   */
  outcome: 'handled' | 'duplicate' | 'unhandled' | 'unknown' | 'unsigned-ping' | 'malformed' | 'unauthorized' | 'method-not-allowed' | 'in-flight' | 'too-large' | 'failed';
  /** The parsed event, once parsing succeeded. */
  evento?: EventoWebhook;
  /** For 400 and 401: what was wrong, safe to send back (for 401, the signature's refusal and its reason). */
  message?: string;
}

/** Headers as a framework hands them: a `Headers`, or Node's `req.headers` object. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

/** @internal What the framework adapters need from the handler. */
export interface AdapterContext {
  handle(rawBody: string | Uint8Array, headers?: WebhookHeaders): Promise<WebhookResult>;
  maxBodyBytes: number;
  logger: Pick<Logger, 'error'>;
  report(error: unknown, context: WebhookErrorContext): void;
}

/** @internal Every option of `createWebhookHandler`: the handler's schema is loose (it leaves out the ones checked apart), so an unknown one is found by name. */
export const WEBHOOK_HANDLER_OPTION_NAMES = optionNames<WebhookHandlerOptions>({
  verify: 1,
  on: 1,
  onUnknown: 1,
  allowUnsignedPing: 1,
  dedupe: 1,
  onError: 1,
  logger: 1,
  maxBodyBytes: 1,
  telemetry: 1,
  deadLetters: 1,
});
