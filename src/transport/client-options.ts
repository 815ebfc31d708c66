import * as z from 'zod/mini';
import { optionIssues, loggerOption } from '../errors/check-options.js';
import { InvalidInputError, type InputIssue } from '../errors/invalid-input-error.js';
import { readEnv, tokenEnvironment, type Environment } from '../internal/env.js';
import { kindOf } from '../internal/kind-of.js';
import { once } from '../internal/once.js';
import { rangedOption } from './option-ranges.js';
import { responseValidationSchema, type ResponseValidation } from './response-validation.js';
import { LOG_LEVELS, type Logger, type LogLevel } from './logger.js';
import { RateLimiter } from './rate-limit/index.js';
import { RATE_LIMIT_DEFAULTS, resolveRateLimiterOptions, type ResolvedRateLimiterOptions, type SharedBudgetOptions } from './rate-limit/limiter-options.js';
import { DEFAULT_PRIORITY, prioritySchema, type RatePriority } from './rate-limit/priority.js';
import { checkHooks } from './hooks/check-hooks.js';
import type { CallHooks, HooksOption } from './hooks/hook-types.js';
import { checkTelemetry, type ResolvedTelemetry, type TelemetryOption } from '../telemetry/options.js';

/** Options of `new PartnerCommerce(...)`. */
export interface ClientOptions {
  /**
   * Access token of the integration (`svc_sbx_…` for the sandbox, `svc_prod_…` for production).
   * @default process.env.PARTNER_COMMERCE_TOKEN
   */
  token?: string | undefined;
  /**
   * Root address of the environment, without `/v1` (the SDK adds it). Must be https; plain http is
   * allowed only for localhost, 127.x and [::1] (the testing kit's loopback server).
   * @default process.env.PARTNER_COMMERCE_BASE_URL
   */
  baseUrl?: string | undefined;
  /** Retries after the first attempt, for failures that are safe to repeat; 0 to 10. @default 3 */
  maxRetries?: number | undefined;
  /** First backoff wait in ms, 0 to 60000; doubles at each retry (1 s, 2 s, 4 s) with jitter, never above 60 s per wait. @default 1000 */
  retryDelayMs?: number | undefined;
  /** Limit of each attempt in ms (its `beforeAttempt` hooks, headers and body), not of the whole call; 1 to 2147483647 (2^31-1, the timers' limit). @default 30000 */
  timeoutMs?: number | undefined;
  /**
   * Client-side rate limit: `{ perMinute, windowMs }` (the same options as `new RateLimiter(...)`:
   * `perMinute` calls per `windowMs`), a {@link RateLimiter} shared by several clients, or `false` to
   * turn it off. By default 60 calls per 60 s, shared by every client of this process that uses the
   * same token. `{ perMinute, redis, key }` shares one budget with every process and machine through
   * Redis (README, "One rate budget for every process": how it waits, and how it falls back to a
   * share of the budget in this process while Redis is unreachable).
   * @default { perMinute: 60, windowMs: 60000 }
   */
  rateLimit?: RateLimitOption | undefined;
  /** The fetch to use (a mock, an instrumented fetch, undici with a proxy...). @default globalThis.fetch */
  fetch?: typeof globalThis.fetch | undefined;
  /** Where log lines go. @default console */
  logger?: Logger | undefined;
  /** Least severe level logged. @default 'warn' */
  logLevel?: LogLevel | undefined;
  /**
   * What a success answer whose body does not fit the documented shape becomes: `'strict'` throws an
   * `UnexpectedResponseError` (saying the server accepted the call, with the body); `'lenient'`
   * returns the body with those fields as sent, listed in `meta.responseIssues`, and warns once per
   * route and field. See {@link ResponseValidation}.
   * @default 'strict'
   */
  responseValidation?: ResponseValidation | undefined;
  /**
   * Priority of this client's calls when they wait for rate budget (a catalog sync worker says
   * `'bulk'`, a storefront's order service `'interactive'`); each call may override it.
   * @default 'normal'
   */
  priority?: RatePriority | undefined;
  /**
   * Hooks around every call of this client: before each attempt (may add headers), after each
   * answer, after each failed attempt, on a wait for rate budget, on a retry. One set, or several
   * run in order; a call's own `hooks` run after these. They never see the token, and one that
   * throws does not break the call (its first failure is logged). See {@link CallHooks}.
   */
  hooks?: HooksOption | undefined;
  /**
   * OpenTelemetry traces and metrics: one span per call with an HTTP client span per attempt, and
   * the request, rate-limit and retry metrics (README, "Observability"). Needs the optional peer
   * `@opentelemetry/api`, loaded on the first call only when this is on; without it the calls run
   * untraced and one warning says so. Off by default: nothing is loaded and no call pays for it.
   * @default false
   */
  telemetry?: TelemetryOption | undefined;
}

/** Value of the `rateLimit` option. */
export type RateLimitOption = false | RateLimiter | SharedBudgetOptions;

export type { Environment } from '../internal/env.js';

/** @internal Options after defaults and checks. */
export interface ResolvedOptions {
  token: string;
  environment: Environment;
  baseUrl: string;
  maxRetries: number;
  retryDelayMs: number;
  timeoutMs: number;
  /** Resolved here, once: the registry and the limiter take these as they are. */
  rateLimit: false | RateLimiter | ResolvedRateLimiterOptions;
  fetch: typeof globalThis.fetch;
  logger: Logger;
  logLevel: LogLevel;
  responseValidation: ResponseValidation;
  priority: RatePriority;
  hooks: readonly CallHooks[];
  telemetry: ResolvedTelemetry;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** A check whose message depends on what was given: `problem` says what is wrong, or undefined. */
function checked<T>(problem: (value: unknown) => string | undefined): z.ZodMiniCustom<T, T> {
  return z.custom<T>((v) => problem(v) === undefined, { error: (issue) => problem(issue.input) });
}

// One schema for the whole object, built at the first construction (nothing is built at import); the
// environment fallbacks are applied before it runs, so a missing token or baseUrl is named here too.
// Strict: a misspelt option (maxRetry, timeout) would otherwise be ignored without a word. rateLimit,
// hooks and telemetry are options objects of their own, checked by their own schemas and checkers.
const clientOptionsSchema = once(() =>
  z.strictObject({
    token: checked<string>(tokenProblem),
    baseUrl: checked<string>(baseUrlProblem),
    maxRetries: rangedOption('maxRetries'),
    retryDelayMs: rangedOption('retryDelayMs'),
    timeoutMs: rangedOption('timeoutMs'),
    logLevel: z.optional(z.custom<LogLevel>((v) => LOG_LEVELS.includes(v), { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
    logger: loggerOption('debug', 'info', 'warn', 'error'),
    fetch: checked<typeof globalThis.fetch>((v) => (typeof v === 'function' ? undefined : v === undefined ? 'is missing: this runtime has no global fetch, so pass one' : 'must be a fetch function')),
    rateLimit: z.optional(z.unknown()),
    responseValidation: responseValidationSchema(),
    priority: prioritySchema(),
    hooks: z.optional(z.unknown()),
    telemetry: z.optional(z.unknown()),
  }),
);

/** @internal Applies defaults and environment fallbacks, refusing bad options all at once. */
export function resolveOptions(options: ClientOptions = {}): ResolvedOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new InvalidInputError({ path: '', message: `must be an options object such as { token, baseUrl } (got ${kindOf(options)})` });
  }
  const given: ClientOptions = {
    ...options,
    token: options.token === undefined ? readEnv('PARTNER_COMMERCE_TOKEN') : options.token,
    baseUrl: options.baseUrl === undefined ? readEnv('PARTNER_COMMERCE_BASE_URL') : options.baseUrl,
    fetch: options.fetch === undefined ? globalThis.fetch : options.fetch,
  };
  const issues = optionIssues(clientOptionsSchema, given, 'PartnerCommerce');
  const rateLimit = checkRateLimit(options.rateLimit, issues);
  const hooks = checkHooks(options.hooks, 'hooks', issues);
  const telemetry = checkTelemetry(options.telemetry, 'telemetry', issues);
  if (issues.length > 0) throw new InvalidInputError(issues);
  const token = given.token as string;
  const url = new URL(given.baseUrl as string);
  return {
    responseValidation: options.responseValidation ?? 'strict',
    token,
    environment: tokenEnvironment(token) as Environment,
    baseUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}`,
    maxRetries: options.maxRetries ?? 3,
    retryDelayMs: options.retryDelayMs ?? 1000,
    timeoutMs: options.timeoutMs ?? 30_000,
    rateLimit,
    fetch: given.fetch as typeof globalThis.fetch,
    logger: options.logger ?? console,
    logLevel: options.logLevel ?? 'warn',
    priority: options.priority ?? DEFAULT_PRIORITY,
    hooks,
    telemetry,
  };
}

function tokenProblem(token: unknown): string | undefined {
  if (token === undefined || token === '') return 'is missing: pass `token` or set PARTNER_COMMERCE_TOKEN';
  // Never the value in the message: it may be a real token with a typo.
  if (tokenEnvironment(token) === undefined) return 'must start with svc_sbx_ (sandbox) or svc_prod_ (production) and contain no spaces';
  return undefined;
}

function baseUrlProblem(value: unknown): string | undefined {
  if (value === undefined || value === '') return 'is missing: pass `baseUrl` or set PARTNER_COMMERCE_BASE_URL';
  if (typeof value !== 'string') return 'must be a URL string';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a valid URL';
  }
  const loopback = LOOPBACK.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return 'must use https (http is allowed only for localhost, 127.x and [::1])';
  if (url.search || url.hash || url.username || url.password) return 'must not carry a query, fragment or credentials';
  if (/\/v1\/?$/.test(url.pathname)) return 'must be the host root without /v1 (the SDK adds /v1/...)';
  return undefined;
}

function checkRateLimit(value: RateLimitOption | undefined, issues: InputIssue[]): ResolvedOptions['rateLimit'] {
  if (value === undefined) return resolveRateLimiterOptions(undefined);
  if (value === false || value instanceof RateLimiter) return value;
  if (typeof value !== 'object' || value === null) {
    issues.push({ path: 'rateLimit', message: 'must be { perMinute, windowMs }, a RateLimiter, or false' });
    return false;
  }
  try {
    return resolveRateLimiterOptions(value);
  } catch (err) {
    if (!(err instanceof InvalidInputError)) throw err;
    issues.push(...err.issues);
    return { ...RATE_LIMIT_DEFAULTS, store: undefined };
  }
}
