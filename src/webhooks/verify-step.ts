import type { WebhookVerify } from './handler-options.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { WebhookSignatureError } from '../errors/webhook-signature-error.js';

/** The spelling of the explicit opt-out of signature checks (see `WebhookHandlerOptions.verify`). */
export const UNSAFE_SKIP = 'unsafe-skip';

/** The most checks one handler runs per delivery: a rotation needs two; a bound keeps a forged delivery cheap. */
const MAX_VERIFIERS = 8;

/**
 * @internal `verify` as given, checked where the handler is created: a function, a list of 1 to 8
 * functions (one per secret while rotating), or the explicit opt-out. Without any, a forged notice
 * would reach the handlers, so there is no default.
 * @throws {InvalidInputError} naming `verify` or `verify[i]`.
 */
export function checkVerify(verify: unknown): readonly WebhookVerify[] | typeof UNSAFE_SKIP {
  if (verify === UNSAFE_SKIP) return UNSAFE_SKIP;
  if (typeof verify === 'function') return [verify as WebhookVerify];
  if (Array.isArray(verify) && verify.length > 0 && verify.length <= MAX_VERIFIERS) {
    const wrong = verify.flatMap((v: unknown, i) => (typeof v === 'function' ? [] : [{ path: `verify[${i}]`, message: 'must be a function (rawBody, headers) => boolean' }]));
    if (wrong.length > 0) throw new InvalidInputError(wrong);
    return [...(verify as WebhookVerify[])];
  }
  const message =
    verify === undefined
      ? `is required: a function (rawBody, headers) => boolean that checks the supplier's signature, or '${UNSAFE_SKIP}' to accept any sender (tests only)`
      : `must be a function (rawBody, headers) => boolean, a list of 1 to ${MAX_VERIFIERS} (one per secret while rotating), or '${UNSAFE_SKIP}'`;
  throw new InvalidInputError({ path: 'verify', message });
}

/** What `verify` said of one delivery: accepted, refused (and why), or it failed (a 500). */
export type Verdict = { accepted: true } | { accepted: false; refusal: WebhookSignatureError } | { accepted: false; failure: unknown };

/**
 * @internal Runs the checks on the raw bytes, in order, until one accepts. A refusal without a reason
 * is `refused`; when all refuse, a reason that says the signature was genuine or unreadable wins over
 * a plain `mismatch`/`refused`, so an expired notice is not reported as a forgery. A check that failed
 * is the answer only when none accepted.
 */
export async function runVerify(verify: readonly WebhookVerify[], bytes: Uint8Array<ArrayBuffer>, headers: Headers): Promise<Verdict> {
  const refusals: WebhookSignatureError[] = [];
  let failure: { failure: unknown } | undefined;
  for (const check of verify) {
    try {
      if ((await check(bytes, headers)) === true) return { accepted: true };
      refusals.push(new WebhookSignatureError('refused', 'verify returned false'));
    } catch (err) {
      if (err instanceof WebhookSignatureError) refusals.push(err);
      else failure ??= { failure: err };
    }
  }
  if (failure) return { accepted: false, ...failure };
  const telling = refusals.find((r) => r.reason !== 'mismatch' && r.reason !== 'refused') ?? refusals[0]!;
  return { accepted: false, refusal: telling };
}
