import ky from 'ky';
import pRetry from 'p-retry';
import type * as z from 'zod';
import { apiErrorFromResponse } from '../errors/from-response.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { PartnerCommerceError } from '../errors/partner-commerce-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { buildPath, checkRawPath, type PathParam } from '../internal/path.js';
import { sleep } from '../internal/sleep.js';
import { ApiPromise } from './api-promise.js';
import { connectionErrorFrom } from './connection-failure.js';
import { SdkLogger } from './logger.js';
import type { ResolvedOptions } from './options.js';
import { buildQuery, type QueryValue } from './query.js';
import { observationFromHeaders, sharedLimiterFor, RateLimiter, type RateLimitPermit } from './rate-limit/index.js';
import { checkIdempotencyKey, checkRequestOptions, newIdempotencyKey, type RequestOptions } from './request-options.js';
import { parseBody } from './parse-body.js';
import type { ResponseMeta, WithMeta } from './response-meta.js';
import { retryDelayFor } from './retry-policy.js';
import { USER_AGENT } from './user-agent.js';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** @internal One call as a resource describes it. */
export interface RequestSpec<S extends z.ZodType | undefined = undefined> {
  method: HttpMethod;
  /** Route template with `{name}` placeholders, filled from `params` (each value encoded as one segment). */
  route: string;
  params?: Readonly<Record<string, PathParam>> | undefined;
  query?: Readonly<Record<string, QueryValue>> | undefined;
  /** JSON body, or FormData for uploads. */
  body?: unknown;
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

/** @internal Output type of a spec's schema. */
export type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

/** Why an attempt is to be repeated; the loop unwraps it so callers only ever see the real failure. */
class AttemptFailure extends Error {
  constructor(
    readonly failure: unknown,
    readonly delayMs: number | null,
  ) {
    super('attempt failed');
  }
}

const ABORTED_BY_TIMEOUT = Symbol('timeout');

/**
 * @internal The request pipeline every call goes through: options, path, limiter, attempt with
 * timeout, retry, parsing, errors. Resources only see {@link Transport.call}.
 */
export class Transport {
  // Private fields: util.inspect, JSON.stringify and console.log of a client never reach the token.
  readonly #options: ResolvedOptions;
  readonly #logger: SdkLogger;
  readonly #limiter: RateLimiter | undefined;

  constructor(options: ResolvedOptions) {
    this.#options = options;
    this.#logger = new SdkLogger(options.logger, options.logLevel);
    const rl = options.rateLimit;
    this.#limiter = rl === false ? undefined : rl instanceof RateLimiter ? rl : sharedLimiterFor(options.token, rl);
  }

  /** Starts a call; its failures (bad input included) arrive as rejections of the promise. */
  call<S extends z.ZodType | undefined = undefined>(spec: RequestSpec<S>): ApiPromise<Output<S>> {
    return new ApiPromise(this.#run(spec));
  }

  async #run<S extends z.ZodType | undefined>(spec: RequestSpec<S>): Promise<WithMeta<Output<S>>> {
    const opts = checkRequestOptions(spec.options);
    const path = spec.rawPath ? checkRawPath(spec.route) : buildPath(spec.route, spec.params);
    if (this.#options.environment === 'production' && /^\/v1\/sandbox(\/|$)/i.test(path)) {
      throw new InvalidInputError({ path: 'token', message: `${path} exists only in the sandbox and this client has a production token (svc_prod_)` });
    }
    const key = opts.idempotencyKey ?? (spec.idempotency === 'required' ? newIdempotencyKey() : undefined);
    try {
      spec.prepare?.();
      if (key !== undefined) {
        const issues: { path: string; message: string }[] = [];
        checkIdempotencyKey(key, issues);
        if (issues.length) throw new InvalidInputError(issues);
      }
      const url = `${this.#options.baseUrl}${path}${buildQuery(spec.query)}`;
      const headers: Record<string, string> = {
        ...opts.headers,
        authorization: `Bearer ${this.#options.token}`,
        accept: 'application/json',
        'user-agent': USER_AGENT,
      };
      if (key !== undefined) headers['idempotency-key'] = key;
      const attempt = { method: spec.method, path, route: spec.route, url, headers, body: spec.body, key, opts };
      const maxRetries = opts.maxRetries ?? this.#options.maxRetries;
      const result = await pRetry((n) => this.#attempt(attempt, n), {
        retries: maxRetries,
        minTimeout: 0,
        maxTimeout: 0,
        randomize: false,
        shouldRetry: async ({ error }) => {
          if (!(error instanceof AttemptFailure) || error.delayMs === null || opts.signal?.aborted) return false;
          const delay = error.delayMs;
          this.#logger.log('info', `retrying ${spec.method} ${path} in ${delay} ms after ${describeFailure(error.failure)}`);
          await sleep(delay, opts.signal);
          return true;
        },
      }).catch((err: unknown) => {
        throw err instanceof AttemptFailure ? err.failure : err;
      });
      const data = parseBody(result.text, result.response.status, spec.schema, `${spec.method} ${path}`, result.meta) as Output<S>;
      return { data, meta: result.meta };
    } catch (err) {
      if (err instanceof PartnerCommerceError && key !== undefined) err.idempotencyKey = key;
      throw err;
    }
  }

  async #attempt(
    a: { method: HttpMethod; path: string; route: string; url: string; headers: Record<string, string>; body: unknown; key: string | undefined; opts: RequestOptions },
    attemptNumber: number,
  ): Promise<{ response: Response; text: string; meta: ResponseMeta }> {
    const signal = a.opts.signal;
    signal?.throwIfAborted();
    const permit: RateLimitPermit | undefined = this.#limiter ? await this.#limiter.acquire(signal) : undefined;
    const timeoutMs = a.opts.timeoutMs ?? this.#options.timeoutMs;
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(ABORTED_BY_TIMEOUT), timeoutMs);
    const started = Date.now();
    let response: Response | undefined;
    let text: string;
    try {
      response = await ky(a.url, {
        method: a.method,
        headers: a.headers,
        ...(a.body instanceof FormData ? { body: a.body } : a.body === undefined ? {} : { json: a.body }),
        signal: controller.signal,
        timeout: false,
        retry: 0,
        throwHttpErrors: false,
        fetch: this.#options.fetch,
      });
      text = await readText(response, controller.signal);
    } catch (err) {
      permit?.release(response ? observationFromHeaders(response.status, response.headers) : undefined);
      if (signal?.aborted) throw signal.reason;
      const where = `${a.method} ${a.path}`;
      const failure = controller.signal.reason === ABORTED_BY_TIMEOUT ? new TimeoutError(timeoutMs, { cause: err, idempotencyKey: a.key }) : connectionErrorFrom(err, where, a.key);
      this.#logger.log('debug', `${where} failed (attempt ${attemptNumber}, ${Date.now() - started} ms): ${failure.message}`);
      throw this.#failure(failure, a, attemptNumber);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    permit?.release(observationFromHeaders(response.status, response.headers));
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
    };
    if (response.ok) return { response, text, meta };
    throw this.#failure(apiErrorFromResponse(response.status, response.headers, text, { method: a.method, path: a.path, idempotencyKey: a.key }), a, attemptNumber);
  }

  #failure(failure: unknown, a: { method: string; key: string | undefined }, attemptNumber: number): AttemptFailure {
    const delay = retryDelayFor(failure, { method: a.method, hasIdempotencyKey: a.key !== undefined, retriesTaken: attemptNumber - 1, retryDelayMs: this.#options.retryDelayMs });
    return new AttemptFailure(failure, delay);
  }

  #warnAboutHeaders(method: string, route: string, headers: Headers): void {
    const deprecation = headers.get('deprecation');
    const sunset = headers.get('sunset');
    if (deprecation !== null || sunset !== null) {
      this.#logger.warnOnce(
        `deprecation ${method} ${route}`,
        `${method} ${route} is deprecated${sunset ? ` and will stop working after ${sunset}` : ''}; see the API changelog for what replaces it`,
      );
    }
    const aviso = headers.get('aviso-termos-api');
    if (aviso !== null) {
      this.#logger.warnOnce('aviso-termos-api', `new API terms must be accepted in the panel within the notice period (Aviso-Termos-Api: ${aviso}); after it calls fail with TERMOS_API_PENDENTES`);
    }
  }
}

/**
 * Reads the body under the attempt's signal. fetch ties its own bodies to the signal, but a custom
 * `fetch` (a mock, a proxy agent) may not, and the timeout must cover the whole attempt.
 */
function readText(response: Response, signal: AbortSignal): Promise<string> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      response.body?.cancel().catch(() => undefined);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    response.text().then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function describeFailure(failure: unknown): string {
  if (failure instanceof Error) return failure.message;
  return String(failure);
}
