import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Header carrying the sandbox CLI's signature: `sha256=<hex HMAC-SHA256 of the raw body>`. The spec
 * does not show the real service's signature scheme, so this is the CLI's own, used only between
 * `partner-commerce sandbox` and a local receiver.
 */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** The signature header value of `body` under `secret`. */
export function signSandboxBody(secret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * A `verify` for `createWebhookHandler` that accepts what `partner-commerce sandbox` signs with
 * `secret` (print it with `partner-commerce sandbox --print-secret`).
 */
export function sandboxSignatureVerifier(secret: string): (rawBody: Uint8Array, headers: Headers) => boolean {
  return (rawBody, headers) => {
    const sent = headers.get(SANDBOX_SIGNATURE_HEADER);
    if (sent === null) return false;
    const expected = Buffer.from(signSandboxBody(secret, rawBody));
    const actual = Buffer.from(sent);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };
}
