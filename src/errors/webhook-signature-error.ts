import { PartnerCommerceError } from './partner-commerce-error.js';

// Here rather than in webhooks/ because two sides throw it: the SDK's webhook handler and the testing
// kit's verifier (which must not import webhooks/), and the handler answers 401 only for this class.
// Exported from `partner-commerce/webhooks` only: a partner meets it where signatures are checked.

/**
 * Why a signature was refused:
 * - `missing`: no signature header;
 * - `malformed`: a header that does not read as a signature;
 * - `mismatch`: the signature does not cover these bytes with this secret;
 * - `expired`: signed longer ago than the tolerance (a captured notice replayed);
 * - `future`: signed further ahead than the tolerance (a clock far off, or a forged time);
 * - `refused`: a `verify` answered false without saying why.
 */
export type WebhookSignatureReason = 'missing' | 'malformed' | 'mismatch' | 'expired' | 'future' | 'refused';

/**
 * A delivery's signature was refused. A `verify` may throw it to say why: the webhook handler answers
 * 401 (not 500, as for other errors of `verify`) with the reason in the answer's `message`, and hands
 * it to `onError` with `stage: 'verify'`.
 *
 * @example
 * verify: (raw, headers) => {
 *   if (!headers.has('x-assinatura')) throw new WebhookSignatureError('missing');
 *   return conferir(raw, headers.get('x-assinatura'));
 * }
 */
export class WebhookSignatureError extends PartnerCommerceError {
  override name = 'WebhookSignatureError';
  static override readonly kind: string = 'WebhookSignatureError';
  /** Why the signature was refused; safe to send back to the sender. */
  readonly reason: WebhookSignatureReason;

  /** @param detail more of why, for logs (for example how old the signature is); sent back too, so no secrets. */
  constructor(reason: WebhookSignatureReason, detail?: string) {
    super(`webhook signature refused: ${reason}${detail ? ` (${detail})` : ''}`);
    this.reason = reason;
  }
}
