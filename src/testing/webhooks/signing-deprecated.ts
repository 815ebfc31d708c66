import { WebhookSignatureError } from '../../errors/webhook-signature-error.js';
import { signatureChecker, WEBHOOK_SIGNATURE_HEADER, webhookSignatureHeaders, type WebhookSignatureVerifierOptions } from './signing.js';

// The kit's first names for its signature scheme, kept so code written against them still runs.

/** @deprecated Use {@link WEBHOOK_SIGNATURE_HEADER}, the same header. */
export const FAKE_SIGNATURE_HEADER = WEBHOOK_SIGNATURE_HEADER;

/** @deprecated Use {@link webhookSignatureHeaders}, the same function. */
export const signFakeWebhook: typeof webhookSignatureHeaders = webhookSignatureHeaders;

/**
 * @deprecated Use {@link webhookSignatureVerifier}, which says why it refuses (the handler's 401
 * names the reason). This one resolves false instead of saying why, as it always did; it now also
 * refuses a signature older or further ahead than `toleranceSeconds` (default 300).
 * @throws {InvalidInputError} naming `secret`, `toleranceSeconds` or `now` when one is wrong.
 */
export function verifyFakeWebhook(secret: string, options: WebhookSignatureVerifierOptions = {}): (rawBody: Uint8Array, headers: Headers) => Promise<boolean> {
  const check = signatureChecker(secret, options);
  return async (rawBody, headers) => !((await check(rawBody, headers)) instanceof WebhookSignatureError);
}
