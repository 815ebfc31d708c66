/**
 * The header the fake's own signature scheme uses (with `webhookSecret`): `t=<unix seconds>,v1=<hex>`,
 * where `v1` is HMAC-SHA256 with the secret over `${t}.` followed by the exact body bytes. The spec
 * does not show the supplier's scheme; this one exists so tests can run a receiver whose `verify` really
 * checks something. To test your own `verify` for the real scheme, give `signWebhook` instead.
 */
export const FAKE_SIGNATURE_HEADER = 'x-fake-signature';

const encoder = new TextEncoder();

/**
 * The headers that sign `body` by the fake's scheme ({@link FAKE_SIGNATURE_HEADER}), at `at` (whole
 * seconds). Uses WebCrypto, so it runs on any runtime the testing kit runs on.
 */
export async function signFakeWebhook(secret: string, body: string | Uint8Array, at: Date = new Date()): Promise<Record<string, string>> {
  const t = Math.floor(at.getTime() / 1000);
  return { [FAKE_SIGNATURE_HEADER]: `t=${t},v1=${await hmacHex(secret, t, typeof body === 'string' ? encoder.encode(body) : body)}` };
}

/**
 * A `verify` for `createWebhookHandler` that accepts exactly the notices signed by a fake created with
 * the same `webhookSecret`: the signature must match the raw bytes received. The time in the header is
 * not checked against any clock (the fake's clock may be anywhere).
 *
 * @example
 * const fake = createFakeApi({ webhookSecret: 'segredo', onWebhook: (_e, { body, headers }) => void handler.handle(body, headers) });
 * const handler = createWebhookHandler({ verify: verifyFakeWebhook('segredo'), on: { ... } });
 */
export function verifyFakeWebhook(secret: string): (rawBody: Uint8Array, headers: Headers) => Promise<boolean> {
  if (typeof secret !== 'string' || secret === '') throw new TypeError('verifyFakeWebhook: secret must be a non-empty string');
  return async (rawBody, headers) => {
    const match = /^t=(\d{1,15}),v1=([0-9a-f]{64})$/.exec(headers.get(FAKE_SIGNATURE_HEADER) ?? '');
    if (!match) return false;
    return sameText(await hmacHex(secret, Number(match[1]), rawBody), match[2]!);
  };
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
