import type * as core from 'zod/v4/core';
import type { StandardSchemaV1 } from '../internal/standard-schema.js';
import { apiErrorFromResponse, redirectErrorFromResponse } from '../errors/from-response.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { PartnerCommerceError } from '../errors/partner-commerce-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { buildPath, checkRawPath, isSandboxOnlyPath, pathAsSent, type PathParam } from './path.js';
import { ApiPromise } from './api-promise.js';
import { connectionErrorFrom } from './connection-failure.js';
import { SdkLogger } from './logger.js';
import type { ResolvedOptions } from './client-options.js';
import { buildQuery, type QueryValue } from './query.js';
import { observationFromHeaders, RateLimiter, type RateLimitPermit, type RateLimitWait } from './rate-limit/index.js';
import { releaseSharedLimiter, sharedLimiterFor, type OpenRedisBudget } from './rate-limit/registry.js';
import { limiterBudget, releaseWith } from './rate-limit/rate-limiter.js';
import { newIdempotencyKey } from './idempotency.js';
import { checkRequestOptions, type RequestOptions } from './request-options.js';
import { abortFailure } from './abort-failure.js';
import { parseBody } from './parse-body.js';
import { isZodSchema, parseStandardBody } from './parse-standard-body.js';
import type { ResponseMeta, WithMeta } from './response-meta.js';
import { AttemptFailure, withRetries } from './retry-loop.js';
import { retryDecision, SURFACE, type RetryDecision } from './retry-policy.js';
import { exchange, ExchangeTimeout } from './exchange.js';
import { USER_AGENT } from './user-agent.js';
import { CallObserver } from './call-observer.js';
import type { CallHooks, OperationInfo } from './hooks/hook-types.js';
import type { PipelineHooks } from './hooks/pipeline-hooks.js';
import { HookTimeout } from './hooks/hook-deadline.js';
import { ClientTelemetry } from '../telemetry/client-telemetry.js';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** @internal One call as a resource describes it. */
export interface RequestSpec<S extends StandardSchemaV1 | undefined = undefined> {
  /** The SDK method, `resource.method` (`pedidos.obter`), for hooks and telemetry. */
  operation: string;
  method: HttpMethod;
  /** Route template with `{name}` placeholders, filled from `params` (each value encoded as one segment). */
  route: string;
  params?: Readonly<Record<string, PathParam>> | undefined;
  query?: Readonly<Record<string, QueryValue>> | undefined;
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  /**
   * A body that must be read first (an upload from a Blob or a file path). Awaited inside the call,
   * after the path and options are checked, so its refusal is the call's rejection, with nothing sent.
   */
  bodyFrom?: (() => Promise<unknown>) | undefined;
  /** Schema of a success body; without one, the body is returned as parsed JSON (`unknown`). */
  schema?: S;
  /** Creation calls always send an Idempotency-Key (the caller's or a fresh one). */
  idempotency?: 'required' | undefined;
  /** Turns a bad body into an InvalidInputError before sending (runs inside the call, so it rejects). */
  prepare?: (() => void) | undefined;
  options?: RequestOptions | undefined;
  /** @internal `client.request()` passes raw paths, checked instead of templated. */
  rawPath?: boolean | undefined;
}

/** One call as each of its attempts sends it: made once per call, read by every attempt. */
interface PreparedCall {
  readonly method: HttpMethod;
  readonly path: string;
  readonly route: string;
  readonly url: string;
  /** Without Authorization: the headers hooks may see. Each attempt adds the token last. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | FormData | undefined;
  readonly key: string | undefined;
  readonly opts: RequestOptions;
  readonly observer: CallObserver | undefined;
  /** Set once the first request leaves: an abort after it may have reached the server. */
  sent: boolean;
}

/** @internal What a call resolves to: the output of its schema, or `unknown` without one. */
export type Output<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S> : unknown;

/**
 * @internal The request pipeline every call goes through: options, path, limiter, attempt with
 * timeout, retry, parsing, errors. Resources only see {@link Transport.call}.
 */
export class Transport {
  // Private fields: util.inspect, JSON.stringify and console.log of a client never reach the token.
  readonly #options: ResolvedOptions;
  readonly #logger: SdkLogger;
  readonly #limiter: RateLimiter | undefined;
  /** The limiter is the process's one for this budget (not one handed in): closing lets go of it. */
  readonly #sharedLimiter: boolean;
  #closed = false;
  readonly #authorization: string;
  readonly #hooks: readonly CallHooks[];
  readonly #telemetry: ClientTelemetry | undefined;
  readonly #server: { address: string; port: number };
  /** Hooks that failed once: their later failures are not logged again. */
  readonly #failedHooks = new WeakSet<object>();

  /** `openRedisBudget` makes the store of `rateLimit: { redis, key }` (the client hands in the Redis entry's). */
  constructor(options: ResolvedOptions, openRedisBudget?: OpenRedisBudget) {
    this.#options = options;
    this.#authorization = `Bearer ${options.token}`;
    this.#logger = new SdkLogger(options.logger, options.logLevel);
    const rl = options.rateLimit;
    this.#sharedLimiter = rl !== false && !(rl instanceof RateLimiter);
    const context = { environment: options.environment, warn: (m: string) => this.#logger.log('warn', m), openRedisBudget };
    this.#limiter = rl === false ? undefined : rl instanceof RateLimiter ? rl : sharedLimiterFor(options.token, rl, context);
    this.#hooks = options.hooks;
    this.#telemetry = options.telemetry
      ? new ClientTelemetry(options.telemetry, (why) => this.#logger.warnOnce('telemetry-missing', `telemetry is on but ${why}; calls run without traces and metrics`))
      : undefined;
    const base = new URL(options.baseUrl);
    this.#server = { address: base.hostname, port: base.port === '' ? (base.protocol === 'https:' ? 443 : 80) : Number(base.port) };
  }

  /**
   * Ends this client's use of the process's limiter for its budget (the last client to close closes
   * it, and a Redis connection it opened); a limiter handed in stays the caller's. Later calls fail.
   * Safe to call twice.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#sharedLimiter && this.#limiter !== undefined) await releaseSharedLimiter(this.#limiter);
  }

  /**
   * The rate budget this client's calls are held to (calls per window and the window), from the server's
   * rate headers once an answer brought them, else from the client's `rateLimit`; undefined without a
   * limiter (`rateLimit: false`).
   */
  // eslint-disable-next-line banned/plain-await -- undefined says "no limiter" before anything is awaited; a caller checks it once
  rateBudget(): Promise<{ limit: number; windowMs: number; source: 'server' | 'client' }> | undefined {
    return this.#limiter === undefined ? undefined : limiterBudget(this.#limiter);
  }

  /** Logs a warning through this client's logger (its sink, its level, tokens scrubbed), for the parts built on a client. */
  warn(message: string): void {
    this.#logger.log('warn', message);
  }

  /** Starts a call; its failures (bad input included) arrive as rejections of the promise. */
  call<S extends StandardSchemaV1 | undefined = undefined>(spec: RequestSpec<S>): ApiPromise<Output<S>> {
    return new ApiPromise(this.#run(spec));
  }

  async #run<S extends StandardSchemaV1 | undefined>(spec: RequestSpec<S>): Promise<WithMeta<Output<S>>> {
    if (this.#closed) throw new PartnerCommerceError('this client was closed (close()); make a new one to call the API again');
    const opts = checkRequestOptions(spec.options);
    const path = spec.rawPath ? checkRawPath(spec.route) : buildPath(spec.route, spec.params);
    const sentPath = pathAsSent(this.#options.baseUrl, path);
    if (this.#options.environment === 'production' && isSandboxOnlyPath(sentPath)) {
      throw new InvalidInputError({ path: 'token', message: `${sentPath} exists only in the sandbox and this client has a production token (svc_prod_)` });
    }
    const key = opts.idempotencyKey ?? (spec.idempotency === 'required' ? newIdempotencyKey() : undefined);
    let call: PreparedCall | undefined;
    let observer: CallObserver | undefined;
    try {
      spec.prepare?.();
      const url = `${this.#options.baseUrl}${path}${buildQuery(spec.query)}`;
      const headers: Record<string, string> = { ...opts.headers, accept: 'application/json', 'user-agent': USER_AGENT };
      if (key !== undefined) headers['idempotency-key'] = key;
      const body = encodeBody(spec.bodyFrom ? await spec.bodyFrom() : spec.body, headers);
      // A plain call (no hooks, telemetry off) pays for no observer.
      if (this.#hooks.length > 0 || opts.hooks !== undefined || this.#telemetry) observer = await this.#observe(spec, opts, key);
      const prepared: PreparedCall = (call = { method: spec.method, path, route: spec.route, url, headers, body, key, opts, observer, sent: false });
      const result = await withRetries((n) => this.#attempt(prepared, n), {
        retries: opts.maxRetries ?? this.#options.maxRetries,
        signal: opts.signal,
        onRetry: (failure, decision) => {
          this.#logger.log('info', `retrying ${spec.method} ${path} in ${decision.delayMs} ms after ${describeFailure(failure)}`);
          observer?.retrying(failure, decision);
        },
      });
      const validation = opts.responseValidation ?? this.#options.responseValidation;
      const schema: StandardSchemaV1 | undefined = spec.schema;
      // The SDK's own schemas are zod: parsed in place; a partner's schema of another library through `validate`.
      const parsed =
        schema === undefined || isZodSchema(schema)
          ? parseBody(result.text, result.response.status, schema as core.$ZodType | undefined, `${spec.method} ${path}`, result.meta, validation)
          : await parseStandardBody(result.text, result.response.status, schema, `${spec.method} ${path}`, result.meta, validation);
      observer?.end();
      if (parsed.issues.length === 0) return { data: parsed.data as Output<S>, meta: result.meta };
      for (const issue of parsed.issues) {
        this.#logger.warnOnce(
          `lenient ${spec.method} ${spec.route} ${issue.path}`,
          `${spec.method} ${spec.route}: the answer's field ${issue.path || '(body)'} does not fit (${issue.message}); returned as the server sent it (responseValidation: 'lenient')`,
        );
      }
      return { data: parsed.data as Output<S>, meta: { ...result.meta, responseIssues: parsed.issues } };
    } catch (err) {
      const failure = abortFailure(err, opts.signal, `${spec.method} ${path}`, key, call?.sent !== true);
      if (failure instanceof PartnerCommerceError && key !== undefined) failure.idempotencyKey = key;
      observer?.end(failure);
      throw failure;
    }
  }

  /**
   * The observer of a call with hooks or telemetry: the partner's hooks, then telemetry's as built-in
   * hooks, in one list; `undefined` when none has anything to do.
   */
  async #observe(spec: RequestSpec<StandardSchemaV1 | undefined>, opts: RequestOptions, key: string | undefined): Promise<CallObserver | undefined> {
    const operation: OperationInfo = { name: spec.operation, method: spec.method, route: spec.rawPath ? undefined : spec.route };
    const traced: PipelineHooks | undefined = await this.#telemetry?.startCall({
      operation: operation.name,
      method: spec.method,
      route: operation.route,
      serverAddress: this.#server.address,
      serverPort: this.#server.port,
      idempotencyKey: key,
      priority: opts.priority ?? this.#options.priority,
    });
    const hooks: PipelineHooks[] = [...this.#hooks, ...(opts.hooks === undefined ? [] : ([] as CallHooks[]).concat(opts.hooks))];
    if (traced) hooks.push(traced);
    return hooks.length > 0 ? new CallObserver({ hooks, operation, idempotencyKey: key, limiter: this.#limiter, logger: this.#logger, failedHooks: this.#failedHooks }) : undefined;
  }

  async #attempt(a: PreparedCall, attemptNumber: number): Promise<{ response: Response; text: string; meta: ResponseMeta }> {
    const signal = a.opts.signal;
    signal?.throwIfAborted();
    const priority = a.opts.priority ?? this.#options.priority;
    const obs = a.observer;
    let permit: RateLimitPermit | undefined;
    try {
      permit = await this.#limiter?.acquire({
        signal,
        priority,
        onWait: (w) => {
          this.#logWait(a.method, a.path, w);
          obs?.rateLimitWait(attemptNumber, w);
        },
      });
    } finally {
      // Granted or given up on (abort): either way the wait is over and is reported.
      obs?.budgetWaitEnded();
    }
    const timeoutMs = a.opts.timeoutMs ?? this.#options.timeoutMs;
    // The attempt's deadline starts once it has its budget: the awaited hooks and the exchange share it.
    const started = Date.now();
    let headers: Record<string, string>;
    if (!obs) headers = { ...a.headers, authorization: this.#authorization };
    else {
      try {
        headers = await obs.headersFor(attemptNumber, a.headers, this.#authorization, a.url, { deadline: started + timeoutMs, signal });
      } catch (err) {
        permit?.giveBack();
        if (!(err instanceof HookTimeout)) throw err;
        const failure = new TimeoutError(timeoutMs, { cause: err, idempotencyKey: a.key, beforeSending: true });
        failure.message += ` (in a ${err.hook} hook; nothing was sent)`;
        obs.failed(failure, undefined);
        throw new AttemptFailure(failure, this.#decide(failure, a, attemptNumber));
      }
    }
    let response: Response | undefined;
    let text: string;
    a.sent = true;
    try {
      const x = { method: a.method, url: a.url, headers, body: a.body, signal, timeoutMs: Math.max(1, started + timeoutMs - Date.now()) };
      ({ response, text } = await (obs ? obs.run(() => exchange(this.#options.fetch, x)) : exchange(this.#options.fetch, x)));
    } catch (err) {
      if (signal?.aborted) {
        permit?.release();
        obs?.failed(signal.reason, undefined);
        throw signal.reason;
      }
      const where = `${a.method} ${a.path}`;
      const failure = err instanceof ExchangeTimeout ? new TimeoutError(timeoutMs, { cause: err, idempotencyKey: a.key }) : connectionErrorFrom(err, where, a.key);
      // A request that never left does not count against the budget: its slot goes back at once.
      if (failure.beforeSending) permit?.giveBack();
      else permit?.release();
      this.#logger.log('debug', `${where} failed (attempt ${attemptNumber}, ${Date.now() - started} ms): ${failure.message}`);
      obs?.failed(failure, undefined);
      throw new AttemptFailure(failure, this.#decide(failure, a, attemptNumber));
    }
    const observation = permit || obs ? observationFromHeaders(response.status, response.headers) : undefined;
    if (permit) releaseWith(permit, observation);
    obs?.answered(response, observation?.remaining);
    const where = { method: a.method, path: a.path, idempotencyKey: a.key };
    const redirect = redirectErrorFromResponse(response, where);
    if (redirect) {
      obs?.failed(redirect, response);
      throw new AttemptFailure(redirect, SURFACE);
    }
    const requestId = response.headers.get('x-request-id') ?? undefined;
    if (this.#logger.enabled('debug')) {
      this.#logger.log('debug', `${a.method} ${a.path} ${response.status} attempt=${attemptNumber} ${Date.now() - started}ms requestId=${requestId ?? '-'}`);
    }
    this.#warnAboutHeaders(a.method, a.route, response.headers);
    const meta: ResponseMeta = {
      status: response.status,
      requestId,
      idempotencyKey: a.key,
      idempotentReplayed: response.headers.get('idempotent-replayed')?.toLowerCase() === 'true',
      attempts: attemptNumber,
      headers: response.headers,
      responseIssues: [],
    };
    if (response.ok) {
      obs?.succeeded();
      return { response, text, meta };
    }
    const answered = apiErrorFromResponse(response.status, response.headers, text, where);
    const decision = this.#decide(answered, a, attemptNumber);
    // Why it is not retried goes into the message as the error is built, never onto an error already made.
    const error = decision.note === undefined ? answered : apiErrorFromResponse(response.status, response.headers, text, { ...where, note: decision.note });
    obs?.failed(error, response);
    throw new AttemptFailure(error, decision);
  }

  /** One debug line per wait for rate budget, with its reason. */
  #logWait(method: string, path: string, wait: RateLimitWait): void {
    if (!this.#logger.enabled('debug')) return;
    const eta = wait.estimatedMs === undefined ? '' : ` ~${Math.round(wait.estimatedMs)} ms`;
    this.#logger.log('debug', `${method} ${path} waits${eta} for rate budget (${wait.reason}, priority ${wait.priority})`);
  }

  #decide(failure: unknown, a: PreparedCall, attemptNumber: number): RetryDecision {
    return retryDecision(failure, { method: a.method, hasIdempotencyKey: a.key !== undefined, retriesTaken: attemptNumber - 1, retryDelayMs: this.#options.retryDelayMs });
  }

  #warnAboutHeaders(method: string, route: string, headers: Headers): void {
    const deprecation = headers.get('deprecation');
    const sunset = headers.get('sunset');
    if (deprecation !== null || sunset !== null) {
      this.#logger.warnOnce(`deprecation ${method} ${route}`, `${method} ${route} is deprecated${sunset ? ` and will stop working after ${sunset}` : ''}; see the API changelog for what replaces it`);
    }
    const aviso = headers.get('aviso-termos-api');
    if (aviso !== null) {
      this.#logger.warnOnce('aviso-termos-api', `new API terms must be accepted in the panel within the notice period (Aviso-Termos-Api: ${aviso}); after it calls fail with TERMOS_API_PENDENTES`);
    }
  }
}

/** Serialises a request body once per call (every retry sends the same bytes). */
function encodeBody(body: unknown, headers: Record<string, string>): string | FormData | undefined {
  if (body === undefined || body instanceof FormData) return body;
  headers['content-type'] = 'application/json';
  try {
    return JSON.stringify(body);
  } catch (err) {
    throw new InvalidInputError({ path: 'body', message: `cannot be sent as JSON (${err instanceof Error ? err.message : String(err)})` });
  }
}

function describeFailure(failure: unknown): string {
  if (failure instanceof Error) return failure.message;
  return String(failure);
}
