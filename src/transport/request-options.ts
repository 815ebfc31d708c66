import * as z from 'zod/mini';
import { checkOptionsWith } from '../errors/check-options.js';
import { once } from '../internal/once.js';
import { idempotencyKeySchema } from './idempotency.js';
import { rangedOption } from './option-ranges.js';
import { responseValidationSchema, type ResponseValidation } from './response-validation.js';
import { prioritySchema, type RatePriority } from './rate-limit/priority.js';
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

// Built at the first call that passes options (nothing is built at import). Strict: a misspelt option
// (`timeout`, `retries`) would otherwise be ignored without a word, on the call it was meant for.
const requestOptionsSchema = once(() =>
  z.strictObject({
    signal: z.optional(z.custom<AbortSignal>((v) => typeof v === 'object' && v !== null && 'aborted' in v, { error: 'must be an AbortSignal' })),
    timeoutMs: rangedOption('timeoutMs'),
    maxRetries: rangedOption('maxRetries'),
    headers: z.optional(z.record(z.string(), z.unknown()).check(z.superRefine(headerIssues))),
    idempotencyKey: idempotencyKeySchema(),
    responseValidation: responseValidationSchema(),
    priority: prioritySchema(),
    hooks: z.optional(z.unknown()), // checked by checkHooks, which also lists them
  }),
);

function headerIssues(headers: Record<string, unknown>, ctx: z.core.$RefinementCtx<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(headers)) {
    const reserved = RESERVED_HEADERS.has(name.toLowerCase());
    const message = reserved
      ? name.toLowerCase() === 'authorization'
        ? 'cannot be set per call; the token comes from the client'
        : 'use the idempotencyKey option instead'
      : !HEADER_NAME.test(name)
        ? 'is not a valid header name'
        : typeof value !== 'string' || !HEADER_VALUE.test(value)
          ? 'must be a string of printable characters without line breaks'
          : undefined;
    if (message !== undefined) ctx.addIssue({ code: 'custom', path: [name], message, input: value });
  }
}

/** @internal Refuses bad per-call options before anything is sent, naming every bad one in one error. */
export function checkRequestOptions(options: RequestOptions | undefined): RequestOptions {
  if (options === undefined) return {};
  checkOptionsWith(requestOptionsSchema, options, 'the call options', { path: 'options', message: 'must be an object' }, (issues) => checkHooks(options.hooks, 'hooks', issues));
  return options;
}
