import { createMemoryDedupeStore } from './dedupe.js';
import { isKnownEvent, TIPOS_EVENTO, type EventoDesconhecido, type EventoWebhook } from './events.js';
import { expandBatch } from './expandir-lote.js';
import { handleFetch } from './fetch-adapter.js';
import type { WebhookErrorContext, WebhookHandlerOptions, WebhookHeaders, WebhookResult } from './handler-options.js';
import { WEBHOOK_HANDLER_OPTION_NAMES } from './handler-options.js';
import { handleNode, type NodeWebhookRequest, type NodeWebhookResponse } from './node-adapter.js';
import { parseWebhookJson, readWebhookJson } from './parse-webhook.js';
import { dedupeKeys } from './dedupe-keys.js';
import { runLoteItems } from './lote-progress.js';
import { createRunOnce, DedupeStoreError, type RunOnce } from './run-once.js';
import { deadLetterError, type DeadLetterStore } from './dead-letters.js';
import { replayDeadLetters, type DeadLetterReplayOptions, type DeadLetterReplayResult, type NoticeRun } from './dead-letter-replay.js';
import { WebhookParseError } from './webhook-parse-error.js';
import { isUnsignedPing } from './unsigned-ping.js';
import { checkVerify, runVerify, UNSAFE_SKIP } from './verify-step.js';
import { InvalidInputError, type InputIssue } from '../errors/invalid-input-error.js';
import { optionIssues, unknownOptionIssues } from '../errors/check-options.js';
import { webhookHandlerChecksSchema } from './handler-checks.js';
import { checkMetricsTelemetry } from '../telemetry/options.js';
import { webhookMetrics } from '../telemetry/webhook-metrics.js';

const THREE_DAYS = 3 * 24 * 60 * 60 * 1000;
const FIVE_MINUTES = 5 * 60 * 1000;
const encoder = new TextEncoder();
// The body parsed, so it is UTF-8: kept as text, which every store holds.
const utf8 = new TextDecoder();

/**
 * A webhook receiver, ready to mount. Its methods are bound: pass them around as they are
 * (`app.post('/webhooks', express.raw({ type: 'application/json' }), handler.node)`).
 */
export interface WebhookHandler {
  /**
   * For runtimes with web-standard requests: Bun, Deno, Cloudflare Workers, Next.js route handlers
   * (`export const POST = handler.fetch`). Only POST is accepted (405 otherwise).
   */
  fetch(request: Request): Promise<Response>;
  /**
   * For node:http and Express. Reads the raw body from the request stream itself; with Express, mount it
   * without a JSON body parser in front, or behind `express.raw({ type: 'application/json' })` (a Buffer
   * or string `req.body` is used as it is). A body already parsed into an object cannot be verified
   * byte for byte, so it is answered 500 with a log line saying how to mount the route. Never rejects.
   */
  node(req: NodeWebhookRequest, res: NodeWebhookResponse): Promise<void>;
  /**
   * The framework-free core, for anything else: give the raw body and headers, send back `status`.
   * Never rejects.
   */
  handle(rawBody: string | Uint8Array, headers?: WebhookHeaders): Promise<WebhookResult>;
  /**
   * Runs the notices kept by the `deadLetters` store again, through this handler's functions and dedupe
   * store, in id order, each id at most once whatever else runs it (a live redelivery, a replay in
   * another process holding the same dedupe store): an id the dedupe store shows handled is removed
   * without running. The signature is not checked again (it was when the notice was recorded). A record
   * that fails again is kept with `attempts` + 1, and the replay goes on to the next.
   * @throws {InvalidInputError} when the handler has no `deadLetters`, or naming a bad option.
   */
  replayDeadLetters(options?: DeadLetterReplayOptions): Promise<DeadLetterReplayResult>;
  /** The `deadLetters` store given, to list or prune its records; undefined without one. */
  readonly deadLetters: DeadLetterStore | undefined;
  /**
   * Releases what the receiver holds: closes its dedupe store when the store has `close` (a Redis
   * store's connection), so a process can end cleanly. Stop the server in front of it first; a delivery
   * after this may fail with a closed store (answered 500, delivered again later). Calling it again waits
   * for the same close.
   */
  close(): Promise<void>;
  /** The same as {@link WebhookHandler.close}, for `await using handler = createWebhookHandler(...)`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Creates a webhook receiver: it checks the signature (`verify`, first, on the raw bytes; a body that
 * fails it is never parsed), parses the notice ({@link parseWebhook}), runs the handler for its kind
 * once per event id, and answers so the supplier knows whether to deliver again:
 *
 * | answer | when |
 * |---|---|
 * | 200 | handled; or already handled (same id); or no handler for the kind; or a kind the SDK does not know; or an unsigned `teste.ping` |
 * | 400 | not JSON, not an object, an envelope field missing or wrong, `dados` not fitting a known kind |
 * | 401 | `verify` returned false or threw a `WebhookSignatureError` (its reason is in `message`) |
 * | 409 | another process holds the same id (a store with `reserve`) — delivered again later |
 * | 500 | a handler (or `verify`, or the dedupe store) threw — the id is not recorded, the supplier retries |
 *
 * A `produto.lote` runs the handler of each item's kind for each item, in order, and records its
 * progress (one record per lote, whatever its size): a lote redelivered after a failure at item 7
 * skips items 0 to 6. Ids are recorded under namespaced keys (`evt:<id>`), so no event id can
 * collide with a lote item.
 * Deliveries are retried and unordered: handlers must be idempotent and compare `atualizadoEm`
 * before overwriting newer data.
 *
 * @example
 * const handler = createWebhookHandler({
 *   on: { 'pedido.status_alterado': async (e) => atualizarPedido(e.dados.pedido) },
 *   verify: (raw, headers) => conferirAssinatura(raw, headers.get('x-assinatura')),
 * });
 * export const POST = handler.fetch;
 * @throws {InvalidInputError} naming every bad option at once: `verify` when it is missing (give a
 *   function, or `'unsafe-skip'` to accept any sender in tests), `telemetry`, `maxBodyBytes`, the
 *   `dedupe` times, `allowUnsignedPing`, `onError` or `logger` when wrong.
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  // Every option is checked before any is used, and every bad one is named in one error.
  const issues: InputIssue[] = [...unknownOptionIssues(options, WEBHOOK_HANDLER_OPTION_NAMES, 'createWebhookHandler'), ...optionIssues(webhookHandlerChecksSchema, options, 'createWebhookHandler')];
  let verify: ReturnType<typeof checkVerify> | undefined;
  try {
    verify = checkVerify((options as Partial<WebhookHandlerOptions> | undefined)?.verify);
  } catch (err) {
    if (!(err instanceof InvalidInputError)) throw err;
    issues.push(...err.issues);
  }
  const telemetry = checkMetricsTelemetry((options as Partial<WebhookHandlerOptions> | undefined)?.telemetry, 'telemetry', issues);
  if ((options as Partial<WebhookHandlerOptions> | undefined)?.deadLetters !== undefined && options.dedupe === false)
    issues.push({ path: 'deadLetters', message: 'needs dedupe (a replay runs each id at most once through the dedupe store); remove dedupe: false' });
  if (issues.length > 0 || verify === undefined) throw new InvalidInputError(issues);
  const { on = {}, onUnknown, allowUnsignedPing = true, onError, deadLetters } = options;
  const logger = options.logger ?? console;
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const dedupe = options.dedupe === undefined || options.dedupe === true ? {} : options.dedupe;
  if (verify === UNSAFE_SKIP) logger.warn("[partner-commerce] webhooks: verify is 'unsafe-skip', so signatures are not checked and any sender is trusted");
  const recordDelivery = telemetry
    ? webhookMetrics(
        telemetry,
        () => logger.warn('[partner-commerce] webhooks: telemetry is on but @opentelemetry/api is not installed (npm install @opentelemetry/api); no metrics are recorded'),
        TIPOS_EVENTO,
      )
    : undefined;

  const report = (error: unknown, context: WebhookErrorContext): void => {
    if (onError) {
      try {
        onError(error, context);
      } catch (err) {
        logger.error('[partner-commerce] webhooks: onError threw', err);
      }
    } else if (context.status >= 500 || context.stage === 'dedupe') {
      logger.error(`[partner-commerce] webhooks: ${context.stage} failed (answered ${context.status})`, error);
    } else {
      logger.warn(`[partner-commerce] webhooks: ${error instanceof Error ? error.message : String(error)} (answered ${context.status})`);
    }
  };

  const store = dedupe === false ? undefined : (dedupe.store ?? createMemoryDedupeStore());
  const ttlMs = dedupe === false ? 0 : (dedupe.ttlMs ?? THREE_DAYS);
  const runOnce: RunOnce | undefined = dedupe === false || !store ? undefined : createRunOnce(store, ttlMs, dedupe.reserveTtlMs ?? FIVE_MINUTES);

  const handlerFor = (evento: EventoWebhook): ((e: never) => unknown) | undefined => (isKnownEvent(evento) ? on[evento.evento] : onUnknown);

  /** Runs one notice's work once per envelope id (deduplicated); throws what the handler threw. */
  const run = async (evento: EventoWebhook, work: () => Promise<unknown>): Promise<NoticeOutcome> => {
    if (!runOnce) {
      await work();
      return 'handled';
    }
    return runOnce(dedupeKeys.event(evento.id), work, (err) => report(err, { stage: 'dedupe', status: 200, ...about(evento) }));
  };

  const dispatch = async (evento: EventoWebhook): Promise<NoticeOutcome> => {
    if (evento.evento === 'produto.lote' && !on['produto.lote']) {
      const itens = expandBatch(evento).map((item) => {
        const fn = handlerFor(item);
        return fn ? () => call(fn, item) : undefined;
      });
      if (!itens.some(Boolean)) return 'unhandled';
      return run(evento, async () => {
        const onRecordFailed = (err: unknown) => report(err, { stage: 'dedupe', status: 200, ...about(evento) });
        if ((await runLoteItems({ loteId: evento.id, items: itens, store, runOnce, ttlMs, onRecordFailed })) === 'in-flight') throw new InFlight();
      });
    }
    const fn = handlerFor(evento);
    if (!fn) return isKnownEvent(evento) ? 'unhandled' : 'unknown';
    return run(evento, () => call(fn, evento));
  };

  /** Runs a parsed notice: its outcome, or what its handler threw; throws only a dedupe store failure. */
  const runNotice = async (evento: EventoWebhook): Promise<NoticeRun> => {
    try {
      return { outcome: await dispatch(evento) };
    } catch (err) {
      if (err instanceof InFlight) return { outcome: 'in-flight' };
      if (err instanceof HandlerError) return { error: err.cause, item: err.evento.id === evento.id ? undefined : about(err.evento) };
      throw err;
    }
  };

  const handle = async (rawBody: string | Uint8Array, headers: WebhookHeaders = {}): Promise<WebhookResult> => {
    const bytes = typeof rawBody === 'string' ? encoder.encode(rawBody) : ownBuffer(rawBody);
    if (verify !== UNSAFE_SKIP) {
      const verdict = await runVerify(verify, bytes, toHeaders(headers));
      if ('failure' in verdict) {
        report(verdict.failure, { stage: 'verify', status: 500 });
        return { status: 500, outcome: 'failed' };
      }
      // Refused: the body is not parsed, so nothing a forger wrote reaches a parser, a handler or a log.
      if ('refusal' in verdict) {
        if (allowUnsignedPing && isUnsignedPing(bytes)) return { status: 200, outcome: 'unsigned-ping' };
        report(verdict.refusal, { stage: 'verify', status: 401 });
        return { status: 401, outcome: 'unauthorized', message: verdict.refusal.message };
      }
    }
    let evento: EventoWebhook;
    let kind: string | undefined;
    try {
      const json = readWebhookJson(typeof rawBody === 'string' ? rawBody : bytes);
      kind = kindOf(json);
      evento = parseWebhookJson(json);
    } catch (err) {
      report(err, { stage: 'parse', status: 400, ...(kind === undefined ? {} : { evento: kind }) });
      return { status: 400, outcome: 'malformed', message: err instanceof WebhookParseError ? err.message : 'Invalid webhook body' };
    }
    let run: NoticeRun;
    try {
      run = await runNotice(evento);
    } catch (err) {
      report(err, { stage: err instanceof DedupeStoreError ? 'dedupe' : 'handler', status: 500, ...about(evento) });
      return { status: 500, outcome: 'failed', evento };
    }
    if ('error' in run) {
      report(run.error, { stage: 'handler', status: 500, ...(run.item ?? about(evento)) });
      if (deadLetters) await recordFailure(deadLetters, evento, run, typeof rawBody === 'string' ? rawBody : utf8.decode(bytes));
      return { status: 500, outcome: 'failed', evento };
    }
    if (deadLetters && (run.outcome === 'handled' || run.outcome === 'duplicate')) {
      // Handled now (the sender's retry): its dead letter, if any, is settled.
      await deadLetters.remove(evento.id).catch((err: unknown) => report(err, { stage: 'dead-letter', status: 200, ...about(evento) }));
    }
    return { status: run.outcome === 'in-flight' ? 409 : 200, outcome: run.outcome, evento };
  };

  // The answer stays 500 whatever happens here: the record is the receiver's, the retries the sender's.
  const recordFailure = async (store: DeadLetterStore, evento: EventoWebhook, run: Extract<NoticeRun, { error: unknown }>, body: string): Promise<void> => {
    try {
      await store.record({ id: evento.id, evento: evento.evento, item: run.item?.id, body, error: deadLetterError(run.error), failedAt: Date.now() });
    } catch (err) {
      report(err, { stage: 'dead-letter', status: 500, ...about(evento) });
    }
  };

  const guardedHandle: WebhookHandler['handle'] = async (rawBody, headers) => {
    try {
      return await handle(rawBody, headers);
    } catch (err) {
      report(err, { stage: 'handler', status: 500 });
      return { status: 500, outcome: 'failed' };
    }
  };
  const safeHandle: WebhookHandler['handle'] = !recordDelivery
    ? guardedHandle
    : async (rawBody, headers) => {
        const started = performance.now();
        const result = await guardedHandle(rawBody, headers);
        await recordDelivery({ outcome: result.outcome, status: result.status, evento: result.evento?.evento, durationMs: performance.now() - started });
        return result;
      };
  const context = { handle: safeHandle, maxBodyBytes, logger, report };
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => (closing ??= Promise.all([store?.close?.(), deadLetters?.close?.()]).then(() => undefined));
  const replay: WebhookHandler['replayDeadLetters'] = async (replayOptions) => {
    if (!deadLetters) throw new InvalidInputError({ path: 'deadLetters', message: 'the handler has no dead-letter store: give createWebhookHandler a deadLetters option' });
    return replayDeadLetters({ store: deadLetters, run: runNotice, report, now: Date.now }, replayOptions);
  };
  return {
    handle: safeHandle,
    fetch: (request) => handleFetch(context, request),
    node: (req, res) => handleNode(context, req, res),
    replayDeadLetters: replay,
    deadLetters,
    close,
    [Symbol.asyncDispose]: close,
  };
}

class InFlight extends Error {}

type NoticeOutcome = Extract<NoticeRun, { outcome: unknown }>['outcome'];

/** A handler's failure, with the (possibly derived) event it was handling. */
class HandlerError extends Error {
  constructor(
    readonly evento: EventoWebhook | EventoDesconhecido,
    override readonly cause: unknown,
  ) {
    super('webhook handler failed');
  }
}

async function call(fn: (e: never) => unknown, evento: EventoWebhook | EventoDesconhecido): Promise<void> {
  try {
    await (fn as (e: EventoWebhook) => unknown)(evento);
  } catch (err) {
    throw new HandlerError(evento, err);
  }
}

/** The bytes as a view of a plain ArrayBuffer (what WebCrypto takes), copied only when shared memory backs them. */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

/** What `onError` is told of a notice: its kind (the string, at every stage) and its id. */
function about(evento: EventoWebhook | EventoDesconhecido): { evento: string; id: string } {
  return { evento: evento.evento, id: evento.id };
}

// The kind a body that failed parsing names, for onError; only a short plain name, as it is unchecked.
function kindOf(json: unknown): string | undefined {
  const kind = typeof json === 'object' && json !== null ? (json as { evento?: unknown }).evento : undefined;
  return typeof kind === 'string' && /^[\w.-]{1,100}$/.test(kind) ? kind : undefined;
}

function toHeaders(headers: WebhookHeaders): Headers {
  if (headers instanceof Headers) return headers;
  // A Headers of another realm or fetch implementation: iterable as [name, value] pairs.
  if (Symbol.iterator in headers) return new Headers([...(headers as unknown as Iterable<[string, string]>)]);
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (typeof value === 'string') out.append(name, value);
    else for (const v of value) out.append(name, v);
  }
  return out;
}
