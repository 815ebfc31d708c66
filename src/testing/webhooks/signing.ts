import { InvalidInputError, type InputIssue } from '../../errors/invalid-input-error.js';
import { WebhookSignatureError } from '../../errors/webhook-signature-error.js';
import { unknownOptionIssues } from '../../errors/check-options.js';

/**
 * The header of the testing kit's one signature scheme, used by the fake (with `webhookSecret`) and by
 * `partner-commerce sandbox` for what it forwards: `t=<unix seconds>,v1=<hex>`, where `v1` is
 * HMAC-SHA256 with the secret over `${t}.` followed by the exact body bytes. While a secret is rotated,
 * the notice carries one `v1` per secret (`t=…,v1=<hex>,v1=<hex>`), as Stripe's and Standard Webhooks'
 * headers do, so receivers holding either secret accept it. The spec does not show the
 * supplier's scheme; this one exists so a receiver's `verify` really checks something in tests and
 * against the local sandbox. In production, verify the supplier's scheme.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-fake-signature';

/** How far the time in a signature may be from the verifier's clock, either side, by default: 5 minutes, as Stripe and Standard Webhooks. */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

/** Options of {@link webhookSignatureVerifier}. */
export interface WebhookSignatureVerifierOptions {
  /**
   * How far, in seconds, the time a notice was signed at may be from `now`, either side. Older is
   * refused as `expired` (a captured notice replayed), further ahead as `future`.
   * @default 300
   */
  toleranceSeconds?: number | undefined;
  /**
   * The verifier's clock. Give the fake's clock when the fake has its own `now`: it signs at its time.
   * @default () => new Date()
   */
  now?: (() => Date | number) | undefined;
}

/**
 * One signing secret, or several while one is rotated: the current one first, then those still
 * accepted (or still signed with) until every receiver has the new one.
 */
export type WebhookSecrets = string | readonly string[];

/** The most secrets one header carries or one verifier holds: a rotation needs two; a bound keeps a hostile header cheap. */
const MAX_WEBHOOK_SECRETS = 8;

const encoder = new TextEncoder();
const SIGNATURE = new RegExp(`^t=(\\d{1,15})((?:,v1=[0-9a-f]{64}){1,${MAX_WEBHOOK_SECRETS}})$`);
const OPTIONS = new Set(['toleranceSeconds', 'now']);

/**
 * The headers that sign `body` by the kit's scheme ({@link WEBHOOK_SIGNATURE_HEADER}) at `at` (whole
 * seconds), with one `v1` per secret when given several (a rotation). Uses WebCrypto, so it runs on
 * any runtime the testing kit runs on.
 *
 * @throws {InvalidInputError} naming `secret` when it is empty, or more than 8.
 */
export async function webhookSignatureHeaders(secret: WebhookSecrets, body: string | Uint8Array, at: Date = new Date()): Promise<Record<string, string>> {
  const secrets = checkSecrets(secret);
  const t = Math.floor(at.getTime() / 1000);
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const macs = await Promise.all(secrets.map((s) => hmacHex(s, t, bytes)));
  return { [WEBHOOK_SIGNATURE_HEADER]: `t=${t}${macs.map((mac) => `,v1=${mac}`).join('')}` };
}

/**
 * A `verify` for `createWebhookHandler` that accepts exactly the notices signed by the kit's scheme
 * with `secret` (a fake created with the same `webhookSecret`, or `partner-commerce sandbox`, whose
 * secret `--print-secret` shows), signed within `toleranceSeconds` of `now`. Give several secrets
 * while rotating (`[current, previous]`): a notice signed with any of them is accepted, and one signed
 * only with a secret no longer listed is refused (`mismatch`). It resolves true, or
 * rejects with a {@link WebhookSignatureError} saying why (`missing`, `malformed`, `mismatch`,
 * `expired`, `future`), which the handler answers 401 with that reason.
 *
 * @throws {InvalidInputError} naming `secret` (or `secret[i]`), `toleranceSeconds` or `now` when one is wrong.
 * @example
 * // Rotating: sign with both until every receiver has the new secret, then drop the old one.
 * const verify = webhookSignatureVerifier([process.env.WEBHOOK_SECRET!, process.env.WEBHOOK_SECRET_PREVIOUS!]);
 * @example
 * const fake = createFakeApi({ webhookSecret: 'segredo', onWebhook: (_e, { body, headers }) => void handler.handle(body, headers) });
 * const handler = createWebhookHandler({ verify: webhookSignatureVerifier('segredo'), on: { ... } });
 */
export function webhookSignatureVerifier(secret: WebhookSecrets, options: WebhookSignatureVerifierOptions = {}): (rawBody: Uint8Array, headers: Headers) => Promise<boolean> {
  const check = signatureChecker(secret, options);
  return async (rawBody, headers) => {
    const refusal = await check(rawBody, headers);
    if (refusal) throw refusal;
    return true;
  };
}

/** @internal The check behind the verifiers: undefined when the signature is good, else why not. */
export function signatureChecker(secret: WebhookSecrets, options: WebhookSignatureVerifierOptions): (rawBody: Uint8Array, headers: Headers) => Promise<WebhookSignatureError | undefined> {
  const { secrets, toleranceSeconds, now } = checkOptions(secret, options);
  return async (rawBody, headers) => {
    const header = headers.get(WEBHOOK_SIGNATURE_HEADER);
    if (header === null) return new WebhookSignatureError('missing', `no ${WEBHOOK_SIGNATURE_HEADER} header`);
    const match = SIGNATURE.exec(header.trim());
    if (!match) return new WebhookSignatureError('malformed', `${WEBHOOK_SIGNATURE_HEADER} is not t=<seconds>,v1=<64 hex digits> (up to ${MAX_WEBHOOK_SECRETS} v1)`);
    const t = Number(match[1]);
    const given = match[2]!
      .slice(1)
      .split(',')
      .map((part) => part.slice('v1='.length));
    const expected = await Promise.all(secrets.map((s) => hmacHex(s, t, rawBody)));
    // The bytes first: only a genuine signature is told it is too old, so "expired" means a replay or a clock off.
    if (!expected.some((mac) => given.some((v1) => sameText(mac, v1)))) return new WebhookSignatureError('mismatch');
    const clock = now();
    const nowSeconds = (clock instanceof Date ? clock.getTime() : clock) / 1000;
    // A clock that gives no time must not make every age pass the comparisons below.
    if (!Number.isFinite(nowSeconds)) throw new InvalidInputError({ path: 'now', message: 'must return a valid Date or epoch milliseconds' });
    const age = Math.round(nowSeconds - t);
    if (age > toleranceSeconds) return new WebhookSignatureError('expired', `signed ${age} s ago, tolerance ${toleranceSeconds} s`);
    if (-age > toleranceSeconds) return new WebhookSignatureError('future', `signed ${-age} s ahead, tolerance ${toleranceSeconds} s`);
    return undefined;
  };
}

/** @internal The secrets as a list, or the issues that name what is wrong with them (paths `secret`, `secret[i]`). */
export function secretIssues(secret: unknown): { secrets: string[]; issues: InputIssue[] } {
  if (typeof secret === 'string') return secret === '' ? { secrets: [], issues: [{ path: 'secret', message: 'must be a non-empty string' }] } : { secrets: [secret], issues: [] };
  if (!Array.isArray(secret) || secret.length === 0 || secret.length > MAX_WEBHOOK_SECRETS) {
    return { secrets: [], issues: [{ path: 'secret', message: `must be a non-empty string, or a list of 1 to ${MAX_WEBHOOK_SECRETS} (the current secret first)` }] };
  }
  const issues = secret.flatMap((s: unknown, i) => (typeof s === 'string' && s !== '' ? [] : [{ path: `secret[${i}]`, message: 'must be a non-empty string' }]));
  return { secrets: secret as string[], issues };
}

function checkSecrets(secret: unknown): string[] {
  const { secrets, issues } = secretIssues(secret);
  if (issues.length > 0) throw new InvalidInputError(issues);
  return secrets;
}

function checkOptions(secret: unknown, options: unknown): { secrets: string[]; toleranceSeconds: number; now: () => Date | number } {
  const { secrets, issues } = secretIssues(secret);
  if (typeof options !== 'object' || options === null) throw new InvalidInputError([...issues, { path: 'options', message: 'must be an object ({ toleranceSeconds?, now? })' }]);
  issues.push(...unknownOptionIssues(options, OPTIONS, 'webhookSignatureVerifier'));
  const { toleranceSeconds = DEFAULT_SIGNATURE_TOLERANCE_SECONDS, now = () => new Date() } = options as WebhookSignatureVerifierOptions;
  if (typeof toleranceSeconds !== 'number' || !Number.isFinite(toleranceSeconds) || toleranceSeconds < 0) {
    issues.push({ path: 'toleranceSeconds', message: 'must be a finite number of seconds, 0 or more' });
  }
  if (typeof now !== 'function') issues.push({ path: 'now', message: 'must be a function returning a Date or epoch milliseconds' });
  if (issues.length > 0) throw new InvalidInputError(issues);
  return { secrets, toleranceSeconds, now };
}

async function hmacHex(secret: string, t: number, body: Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const prefix = encoder.encode(`${t}.`);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix);
  message.set(body, prefix.length);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

// Same length always (hex of one hash), so comparing every character leaks nothing through timing.
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
