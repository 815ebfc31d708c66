import type { InputIssue } from './invalid-input-error.js';
import { PartnerCommerceError } from './partner-commerce-error.js';
import { redactJson, redactTokens } from './redact.js';

/**
 * The server answered with success, but the body does not fit the documented shape (not JSON, or a
 * required field missing or of another type); or it answered with a redirect. After a 2xx **the
 * server accepted the call**: do not blindly retry a creation; read what it made (`body` holds the
 * answer as parsed JSON, e.g. the order's `id`), or replay with the same `idempotencyKey`, which
 * returns the same answer. `responseValidation: 'lenient'` returns such bodies instead of throwing.
 */
export class UnexpectedResponseError extends PartnerCommerceError {
  override name = 'UnexpectedResponseError';
  static override readonly kind: string = 'UnexpectedResponseError';
  /** HTTP status of the answer. */
  readonly status: number;
  /** X-Request-Id of the answer, to quote to the supplier's support. */
  readonly requestId: string | undefined;
  /** Each field that did not fit, with why. */
  readonly issues: readonly InputIssue[];
  /** The answer's body as parsed JSON (tokens redacted), or `undefined` when it was not JSON. */
  readonly body: unknown;

  constructor(message: string, options: { status: number; requestId?: string | undefined; issues?: readonly InputIssue[]; idempotencyKey?: string | undefined; cause?: unknown; body?: unknown }) {
    super(message, options);
    this.status = options.status;
    this.requestId = options.requestId === undefined ? undefined : redactTokens(options.requestId);
    this.issues = (options.issues ?? []).map((i) => ({ path: i.path, message: redactTokens(i.message) }));
    this.body = redactJson(options.body);
  }
}
