import { PartnerCommerceError } from './partner-commerce-error.js';

/**
 * No answer came from the server: DNS, refused or reset connection, TLS failure. When the call was
 * not safe to repeat, the request may or may not have been processed; check before creating again.
 */
export class ConnectionError extends PartnerCommerceError {
  override name = 'ConnectionError';
  static override readonly kind: string = 'ConnectionError';
  /** True when the failure happened before any byte was sent (for example connection refused). */
  readonly beforeSending: boolean;

  constructor(message: string, options?: { cause?: unknown; idempotencyKey?: string | undefined; beforeSending?: boolean }) {
    super(message, options);
    this.beforeSending = options?.beforeSending ?? false;
  }
}
