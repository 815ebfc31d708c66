import { PartnerCommerceError } from './partner-commerce-error.js';

/**
 * The caller aborted the call through its `signal`. The caller's `signal.reason` is the `cause`;
 * `idempotencyKey` is the key the call used (replay a creation with it to learn whether it was
 * made), and `beforeSending` says whether nothing had been sent yet.
 */
export class AbortError extends PartnerCommerceError {
  override name = 'AbortError';
  static override readonly kind: string = 'AbortError';
  /**
   * True when no request of this call had been sent when it was aborted (it was waiting for rate
   * budget, say): the server has certainly not seen it. False when an attempt had started, so the
   * server may have received and applied it.
   */
  readonly beforeSending: boolean;

  constructor(message: string, options: { cause: unknown; idempotencyKey?: string | undefined; beforeSending: boolean }) {
    super(message, { idempotencyKey: options.idempotencyKey });
    // The reason is the caller's own value, kept as it is (foreign causes are copied safely instead).
    Object.defineProperty(this, 'cause', { value: options.cause, enumerable: false, writable: true, configurable: true });
    this.beforeSending = options.beforeSending;
  }
}
