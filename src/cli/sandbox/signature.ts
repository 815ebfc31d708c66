import { FAKE_SIGNATURE_HEADER, signFakeWebhook, verifyFakeWebhook } from '../../testing/webhooks/signing.js';

/**
 * Header carrying the signature of what `partner-commerce sandbox` forwards: the testing kit's one
 * scheme (`x-fake-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>." + raw body>`), so one
 * `verify` accepts both the fake's own notices (`webhookSecret`) and the CLI's forwards. The spec does
 * not show the real service's scheme; in production, verify the supplier's.
 */
export const SANDBOX_SIGNATURE_HEADER = FAKE_SIGNATURE_HEADER;

/** The signature header value of `body` under `secret`, at `at` (whole seconds): the kit's scheme. */
export async function signSandboxBody(secret: string, body: string | Uint8Array, at: Date = new Date()): Promise<string> {
  return (await signFakeWebhook(secret, body, at))[FAKE_SIGNATURE_HEADER] as string;
}

/**
 * A `verify` for `createWebhookHandler` that accepts what `partner-commerce sandbox` forwards signed
 * with `secret` (print it with `partner-commerce sandbox --print-secret`). The same function as the
 * testing kit's `verifyFakeWebhook(secret)`: one scheme for the fake's notices and the CLI's.
 */
export function sandboxSignatureVerifier(secret: string): (rawBody: Uint8Array, headers: Headers) => Promise<boolean> {
  return verifyFakeWebhook(secret);
}
