import { InvalidInputError, type InputIssue } from '../errors/invalid-input-error.js';
import { checkIdempotencyKey } from './idempotency.js';
import { checkInRange } from './option-ranges.js';
import { checkResponseValidation, type ResponseValidation } from './response-validation.js';
import { checkPriority, type RatePriority } from './rate-limit/priority.js';
import { checkHooks } from './hooks/check-hooks.js';
import type { HooksOption } from './hooks/hook-types.js';

/** Options every method takes as its last argument. */
export interface RequestOptions {
  /** Aborts the call at once, including while it waits for a retry, for rate budget or for a `beforeAttempt` hook. Never retried. */
  signal?: AbortSignal | undefined;
  /** Overrides the client's per-attempt timeout for this call (ms, 1 to 2147483647). */
  timeoutMs?: number | undefined;
  /** Overrides the client's `maxRetries` for this call (0 to 10). */
  maxRetries?: number | undefined;
  /** Extra request headers. `Authorization` cannot be set here (it comes from the client's token). */
  headers?: Record<string, string> | undefined;
  /**
   * Idempotency-Key for this call (1 to 255 visible characters, no spaces). Creation calls send a
   * fresh random one when absent; persist the key before calling to replay safely after a crash.
   * On any other call a key makes it safe to retry.
   */
  idempotencyKey?: string | undefined;
  /** Overrides the client's `responseValidation` for this call. */
  responseValidation?: ResponseValidation | undefined;
  /**
   * How urgent this call is when it waits for rate budget: `interactive` calls are served before
   * `normal` ones, and those before `bulk` ones, across every process sharing the budget. Overrides
   * the client's `priority`.
   */
  priority?: RatePriority | undefined;
  /** Hooks for this call only, run after the client's (see the client option `hooks`). */
  hooks?: HooksOption | undefined;
}

/** @internal Headers only the SDK sets: the token and the Idempotency-Key. */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set(['authorization', 'idempotency-key']);
/** @internal HTTP token characters (RFC 9110), so a bad name is refused here rather than failing inside fetch. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** @internal Visible ASCII, spaces, tabs and obs-text; no CR or LF, which would split the header. */
export const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** @internal Refuses bad per-call options before anything is sent. */
export function checkRequestOptions(options: RequestOptions | undefined): RequestOptions {
  if (options === undefined) return {};
  const issues: InputIssue[] = [];
  if (typeof options !== 'object' || options === null) throw new InvalidInputError({ path: 'options', message: 'must be an object' });
  const { signal, timeoutMs, maxRetries, headers, idempotencyKey, responseValidation, priority, hooks } = options;
  checkHooks(hooks, 'hooks', issues);
  checkResponseValidation(responseValidation, issues);
  checkPriority(priority, 'priority', issues);
  if (signal !== undefined && !(typeof signal === 'object' && signal !== null && 'aborted' in signal)) {
    issues.push({ path: 'signal', message: 'must be an AbortSignal' });
  }
  checkInRange('timeoutMs', timeoutMs, undefined, issues);
  checkInRange('maxRetries', maxRetries, undefined, issues);
  if (headers !== undefined) {
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (RESERVED_HEADERS.has(name.toLowerCase())) {
        issues.push({ path: `headers.${name}`, message: name.toLowerCase() === 'authorization' ? 'cannot be set per call; the token comes from the client' : 'use the idempotencyKey option instead' });
      } else if (!HEADER_NAME.test(name)) {
        issues.push({ path: `headers.${name}`, message: 'is not a valid header name' });
      } else if (typeof value !== 'string' || !HEADER_VALUE.test(value)) {
        issues.push({ path: `headers.${name}`, message: 'must be a string of printable characters without line breaks' });
      }
    }
  }
  if (idempotencyKey !== undefined) checkIdempotencyKey(idempotencyKey, issues);
  if (issues.length > 0) throw new InvalidInputError(issues);
  return options;
}
