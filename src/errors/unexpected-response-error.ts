import type { InputIssue } from './invalid-input-error.js';
import { PartnerCommerceError } from './partner-commerce-error.js';

/**
 * The server answered with success, but the body does not fit the documented shape (not JSON, or a
 * required field missing or of another type). The request itself worked: do not blindly retry a
 * creation after this error.
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

  constructor(
    message: string,
    options: { status: number; requestId?: string | undefined; issues?: readonly InputIssue[]; idempotencyKey?: string | undefined; cause?: unknown },
  ) {
    super(message, options);
    this.status = options.status;
    this.requestId = options.requestId;
    this.issues = options.issues ?? [];
  }
}
