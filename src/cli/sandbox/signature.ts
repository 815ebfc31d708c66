import { WEBHOOK_SIGNATURE_HEADER, webhookSignatureHeaders, webhookSignatureVerifier, type WebhookSignatureVerifierOptions } from '../../testing/index.js';
import { WebhookSignatureError } from '../../webhooks/index.js';

// What `partner-commerce sandbox` forwards is signed by the testing kit's one scheme, under the kit's
// names (`WEBHOOK_SIGNATURE_HEADER`, `webhookSignatureHeaders`, `webhookSignatureVerifier` from
// partner-commerce/testing). These names are 0.1's, kept so a program written against 0.1 still runs.

/** @deprecated Use `WEBHOOK_SIGNATURE_HEADER` from partner-commerce/testing, the same header. */
export const SANDBOX_SIGNATURE_HEADER = WEBHOOK_SIGNATURE_HEADER;

/**
 * @deprecated Use `webhookSignatureHeaders(secret, body, at)[WEBHOOK_SIGNATURE_HEADER]` from
 * partner-commerce/testing: the same value.
 */
export async function signSandboxBody(secret: string, body: string | Uint8Array, at: Date = new Date()): Promise<string> {
  return (await webhookSignatureHeaders(secret, body, at))[WEBHOOK_SIGNATURE_HEADER] as string;
}

/**
 * @deprecated Use `webhookSignatureVerifier(secret)` from partner-commerce/testing, which says why it
 * refuses. This one resolves false instead, as 0.1's did (and, like it, refuses a signature older
 * or further ahead than `toleranceSeconds`, default 300).
 */
export function sandboxSignatureVerifier(secret: string, options: WebhookSignatureVerifierOptions = {}): (rawBody: Uint8Array, headers: Headers) => Promise<boolean> {
  const verify = webhookSignatureVerifier(secret, options);
  return (rawBody, headers) =>
    verify(rawBody, headers).catch((err: unknown) => {
      // A refusal is "false" here; anything else (a bug) still surfaces.
      if (err instanceof WebhookSignatureError) return false;
      throw err;
    });
}
