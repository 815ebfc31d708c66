import type { WebhookVerify } from './handler-options.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { WebhookSignatureError } from '../errors/webhook-signature-error.js';

/** The spelling of the explicit opt-out of signature checks (see `WebhookHandlerOptions.verify`). */
export const UNSAFE_SKIP = 'unsafe-skip';

/**
 * @internal `verify` as given, checked where the handler is created: a function, or the explicit
 * opt-out. Without either, a forged notice would reach the handlers, so there is no default.
 * @throws {InvalidInputError} naming `verify`.
 */
export function checkVerify(verify: unknown): WebhookVerify | typeof UNSAFE_SKIP {
  if (typeof verify === 'function' || verify === UNSAFE_SKIP) return verify as WebhookVerify | typeof UNSAFE_SKIP;
  const message =
    verify === undefined
      ? `is required: a function (rawBody, headers) => boolean that checks the supplier's signature, or '${UNSAFE_SKIP}' to accept any sender (tests only)`
      : `must be a function (rawBody, headers) => boolean, or '${UNSAFE_SKIP}'`;
  throw new InvalidInputError({ path: 'verify', message });
}

/** What `verify` said of one delivery: accepted, refused (and why), or it failed (a 500). */
export type Verdict = { accepted: true } | { accepted: false; refusal: WebhookSignatureError } | { accepted: false; failure: unknown };

/** @internal Runs `verify` on the raw bytes; a refusal without a reason is `refused`. */
export async function runVerify(verify: WebhookVerify, bytes: Uint8Array<ArrayBuffer>, headers: Headers): Promise<Verdict> {
  try {
    if ((await verify(bytes, headers)) === true) return { accepted: true };
    return { accepted: false, refusal: new WebhookSignatureError('refused', 'verify returned false') };
  } catch (err) {
    return err instanceof WebhookSignatureError ? { accepted: false, refusal: err } : { accepted: false, failure: err };
  }
}
