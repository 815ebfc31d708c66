import { PartnerCommerceError } from '../../errors/partner-commerce-error.js';

/**
 * Thrown when a creation call could not get its answer yet; the row stays pending and `Outbox.replay`
 * sends it again. `idempotencyKey` (and `key`) is the row's key.
 */
export class OutboxPendingError extends PartnerCommerceError {
  override name = 'OutboxPendingError';
  /** @internal Brand name, so `instanceof` works across the ESM and CommonJS builds. */
  static override readonly kind: string = 'OutboxPendingError';
  /** The row's Idempotency-Key (the same as `idempotencyKey`). */
  readonly key: string;

  /** @internal */
  constructor(key: string, cause: unknown) {
    super(`creation call ${key} has no answer yet; it stays in the outbox and replay() sends it again with the same Idempotency-Key`, { cause, idempotencyKey: key });
    this.key = key;
  }
}
