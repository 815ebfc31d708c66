import type { Attributes, Context, Span } from '@opentelemetry/api';
import type { ClientInstruments, ClientMeters } from './client-instruments.js';
import { idempotencyKeyHash } from './idempotency-hash.js';
import { ATTR, RATE_LIMIT_WAIT_EVENT } from './names.js';
import { redactQueryValues } from './url-full.js';

/** @internal One call as telemetry names it. Never the token; the key only to be hashed. */
export interface CallDescription {
  /** `pedidos.obter`; `request` for `client.request()`. */
  readonly operation: string;
  readonly method: string;
  /** Route template; `undefined` for a raw path (then spans are named by the method alone). */
  readonly route: string | undefined;
  readonly serverAddress: string;
  readonly serverPort: number;
  readonly idempotencyKey: string | undefined;
  readonly priority: string;
}

// Same description as @opentelemetry/core's suppressTracing: createContextKey keys by Symbol.for, so
// the fetch instrumentations (undici's) see this key as their own and skip their duplicate span.
const SUPPRESS_TRACING = 'OpenTelemetry SDK Context Key SUPPRESS_TRACING';

/**
 * @internal The spans and metrics of one call: an INTERNAL span for the operation and, per attempt,
 * the HTTP CLIENT span (semantic conventions for HTTP clients), both named `{method} {route template}`.
 * Attempts run one after the other, so one attempt span is open at a time. Without a tracer provider
 * it makes no span at all; without a meter provider, `meters` is undefined and nothing is recorded.
 */
export class CallTrace {
  readonly #inst: ClientInstruments;
  readonly #meters: ClientMeters | undefined;
  readonly #call: CallDescription;
  readonly #name: string;
  readonly #base: Attributes;
  readonly #span: Span | undefined;
  readonly #context: Context | undefined;
  readonly #recording: boolean;
  #keyHash: string | undefined;
  #attempt: Span | undefined;
  #attemptContext: Context | undefined;
  #attemptStarted = 0;
  #attemptAttrs: Attributes = {};
  #waitMs = 0;
  #waitReason: string | undefined;
  #retryReason: string | undefined;
  #attempts = 0;

  private constructor(inst: ClientInstruments, call: CallDescription, tracing: boolean, meters: ClientMeters | undefined) {
    this.#inst = inst;
    this.#meters = meters;
    this.#call = call;
    this.#name = call.route === undefined ? call.method : `${call.method} ${call.route}`;
    this.#base = {
      [ATTR.method]: call.method,
      [ATTR.serverAddress]: call.serverAddress,
      [ATTR.serverPort]: call.serverPort,
      ...(call.route === undefined ? {} : { [ATTR.urlTemplate]: call.route }),
    };
    if (tracing) {
      const { api } = inst;
      const parent = api.context.active();
      this.#span = inst.tracer().startSpan(this.#name, { kind: api.SpanKind.INTERNAL, attributes: { ...this.#base, [ATTR.operation]: call.operation, [ATTR.priority]: call.priority } }, parent);
      this.#context = api.trace.setSpan(parent, this.#span);
    }
    this.#recording = this.#span?.isRecording() === true;
  }

  static async start(inst: ClientInstruments, call: CallDescription, tracing: boolean, meters: ClientMeters | undefined): Promise<CallTrace> {
    const trace = new CallTrace(inst, call, tracing, meters);
    // Hashing is the only work that needs a recording span; skipped when nothing records.
    if (trace.#recording && call.idempotencyKey !== undefined) {
      trace.#keyHash = await idempotencyKeyHash(call.idempotencyKey);
      if (trace.#keyHash !== undefined) trace.#span?.setAttribute(ATTR.idempotencyKeyHash, trace.#keyHash);
    }
    return trace;
  }

  /** The attempt waited `ms` for rate budget, for `reason`. */
  budgetWaited(ms: number, reason: string, priority: string): void {
    this.#waitMs += ms;
    this.#waitReason = reason;
    this.#meters?.rateLimitWait.record(ms / 1000, { [ATTR.rateLimitWaitReason]: reason, [ATTR.priority]: priority });
    if (this.#recording) this.#span?.addEvent(RATE_LIMIT_WAIT_EVENT, { [ATTR.rateLimitWaitMs]: Math.round(ms), [ATTR.rateLimitWaitReason]: reason });
  }

  /** Opens the attempt's HTTP client span (when attempt spans are on). */
  attemptStarted(attempt: number, urlFull: string): void {
    this.#attempts = attempt;
    this.#attemptStarted = performance.now();
    this.#attemptAttrs = {};
    if (!this.#context || !this.#inst.options.attemptSpans) return;
    const { api } = this.#inst;
    const attributes: Attributes = { ...this.#base, [ATTR.urlFull]: this.#inst.options.recordQueryValues ? urlFull : redactQueryValues(urlFull) };
    if (attempt > 1) attributes[ATTR.resendCount] = attempt - 1;
    if (this.#retryReason !== undefined) attributes[ATTR.retryReason] = this.#retryReason;
    if (this.#keyHash !== undefined) attributes[ATTR.idempotencyKeyHash] = this.#keyHash;
    if (this.#waitReason !== undefined) {
      attributes[ATTR.rateLimitWaitMs] = Math.round(this.#waitMs);
      attributes[ATTR.rateLimitWaitReason] = this.#waitReason;
    }
    this.#attempt = this.#inst.tracer().startSpan(this.#name, { kind: api.SpanKind.CLIENT, attributes }, this.#context);
    this.#attemptContext = api.trace.setSpan(this.#context, this.#attempt);
    this.#waitMs = 0;
    this.#waitReason = undefined;
  }

  /** Adds `traceparent`/`tracestate` of the current attempt (or the operation) when propagation is on. */
  inject(headers: Record<string, string>): void {
    const context = this.#attemptContext ?? this.#context;
    if (!this.#inst.options.propagateContext || !context) return;
    this.#inst.api.propagation.inject(context, headers);
  }

  /** Runs the exchange where the runtime's fetch instrumentation sees tracing suppressed (our attempt span is the HTTP span). */
  run<T>(exchange: () => Promise<T>): Promise<T> {
    const active = this.#attemptContext ?? this.#context;
    if (!active) return exchange();
    const { api } = this.#inst;
    if (!this.#attempt) return api.context.with(active, exchange);
    return api.context.with(active.setValue(api.createContextKey(SUPPRESS_TRACING), true), exchange);
  }

  /** The attempt got an answer (any status). */
  answered(status: number, requestId: string | undefined, remaining: number | undefined): void {
    const meters = this.#meters;
    if (meters) {
      const attrs: Attributes = { ...this.#base, [ATTR.status]: status };
      if (status >= 400) attrs[ATTR.errorType] = String(status);
      meters.requestDuration.record((performance.now() - this.#attemptStarted) / 1000, attrs);
      if (status === 429) meters.rateLimited.add(1, this.#base);
      if (remaining !== undefined) meters.rateLimitRemaining.record(remaining, { [ATTR.serverAddress]: this.#call.serverAddress });
    }
    if (!this.#recording) return;
    this.#attemptAttrs = { [ATTR.status]: status };
    if (requestId !== undefined) this.#attemptAttrs[ATTR.requestId] = requestId;
    if (remaining !== undefined) this.#attemptAttrs[ATTR.rateLimitRemaining] = remaining;
    const span = this.#attempt;
    if (!span) return;
    span.setAttributes(this.#attemptAttrs);
    if (status >= 400) {
      span.setAttribute(ATTR.errorType, String(status));
      span.setStatus({ code: this.#inst.api.SpanStatusCode.ERROR });
    }
  }

  /** The attempt failed without an answer (timeout, connection). */
  failedWithoutAnswer(errorType: string): void {
    this.#meters?.requestDuration.record((performance.now() - this.#attemptStarted) / 1000, { ...this.#base, [ATTR.errorType]: errorType });
    this.#attemptAttrs = {};
    this.#attempt?.setAttribute(ATTR.errorType, errorType);
    this.#attempt?.setStatus({ code: this.#inst.api.SpanStatusCode.ERROR });
  }

  /** Closes the attempt's span. */
  attemptEnded(): void {
    this.#attempt?.end();
    this.#attempt = undefined;
    this.#attemptContext = undefined;
  }

  /** The failed attempt will be repeated, for `reason`. */
  retrying(reason: string): void {
    this.#retryReason = reason;
    this.#meters?.retries.add(1, { ...this.#base, [ATTR.retryReason]: reason });
  }

  /** Ends the operation span: `errorType` when the call failed. */
  end(errorType?: string): void {
    this.attemptEnded();
    const span = this.#span;
    if (!span) return;
    if (this.#recording) {
      span.setAttributes({ ...this.#attemptAttrs, [ATTR.attempts]: this.#attempts });
      if (errorType !== undefined) {
        span.setAttribute(ATTR.errorType, errorType);
        span.setStatus({ code: this.#inst.api.SpanStatusCode.ERROR });
      }
    }
    span.end();
  }
}
