import { describe, expect, it } from 'vitest';
import { sandboxSignatureVerifier, SANDBOX_SIGNATURE_HEADER, signSandboxBody } from '../../src/cli/index.js';
import { InvalidInputError } from '../../src/index.js';
import { WEBHOOK_SIGNATURE_HEADER, webhookSignatureHeaders, webhookSignatureVerifier, type WebhookSignatureVerifierOptions } from '../../src/testing/index.js';
import { createWebhookHandler, WebhookSignatureError, type WebhookErrorContext } from '../../src/webhooks/index.js';
import { eventoBody } from '../webhooks/fixtures.js';

// The kit's one signature scheme (the fake's `webhookSecret`, the CLI sandbox's forwards) against a
// clock given to the verifier: no wall clock is read, so the edges of the window are exact.
const NOW = Date.parse('2026-11-26T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const body = eventoBody('pedido.criado');
const bytes = new TextEncoder().encode(body);
const clock = { now: () => new Date(NOW) };

async function signedAt(ms: number, secret = 'segredo'): Promise<Headers> {
  return new Headers(await webhookSignatureHeaders(secret, body, new Date(ms)));
}

/** Why `webhookSignatureVerifier` refused (or 'accepted'). */
async function verdict(headers: Headers, options: WebhookSignatureVerifierOptions = clock, raw: Uint8Array = bytes): Promise<string> {
  try {
    expect(await webhookSignatureVerifier('segredo', options)(raw, headers)).toBe(true);
    return 'accepted';
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookSignatureError);
    return (err as WebhookSignatureError).reason;
  }
}

describe('signatures expire', () => {
  it('refuses a genuine signature stamped 30 days ago as expired, and one a year ahead as future', async () => {
    expect(await verdict(await signedAt(NOW - 30 * DAY))).toBe('expired');
    expect(await verdict(await signedAt(NOW + 365 * DAY))).toBe('future');
  });

  it('accepts within 5 minutes either side by default, edges included, and refuses one second past them', async () => {
    expect(await verdict(await signedAt(NOW))).toBe('accepted');
    expect(await verdict(await signedAt(NOW - 300_000))).toBe('accepted');
    expect(await verdict(await signedAt(NOW + 300_000))).toBe('accepted');
    expect(await verdict(await signedAt(NOW - 301_000))).toBe('expired');
    expect(await verdict(await signedAt(NOW + 301_000))).toBe('future');
  });

  it('takes another window from toleranceSeconds, and a clock as epoch milliseconds', async () => {
    const old = await signedAt(NOW - 2 * DAY);
    expect(await verdict(old, { ...clock, toleranceSeconds: 3 * 24 * 3600 })).toBe('accepted');
    expect(await verdict(old, { now: () => NOW, toleranceSeconds: 60 })).toBe('expired');
  });

  it('says missing, malformed and mismatch, and tells a forged time from an old one', async () => {
    expect(await verdict(new Headers())).toBe('missing');
    expect(await verdict(new Headers({ [WEBHOOK_SIGNATURE_HEADER]: 't=1,v1=zz' }))).toBe('malformed');
    expect(await verdict(await signedAt(NOW, 'outro'))).toBe('mismatch');
    expect(await verdict(await signedAt(NOW), clock, new TextEncoder().encode(body.replace('10423', '10424')))).toBe('mismatch');
    // A replay with its time rewritten to now no longer matches the bytes signed 30 days ago.
    const replayed = (await signedAt(NOW - 30 * DAY)).get(WEBHOOK_SIGNATURE_HEADER)!.replace(/^t=\d+/, `t=${NOW / 1000}`);
    expect(await verdict(new Headers({ [WEBHOOK_SIGNATURE_HEADER]: replayed }))).toBe('mismatch');
  });

  it('refused, the handler answers 401 with the reason in its body and hands onError the WebhookSignatureError', async () => {
    const told: [unknown, WebhookErrorContext][] = [];
    const ran: string[] = [];
    const handler = createWebhookHandler({
      verify: webhookSignatureVerifier('segredo', clock),
      on: { 'pedido.criado': (e) => void ran.push(e.id) },
      onError: (error, context) => void told.push([error, context]),
    });
    const response = await handler.fetch(new Request('https://loja.example/webhooks', { method: 'POST', body, headers: await signedAt(NOW - 30 * DAY) }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ outcome: 'unauthorized', message: expect.stringMatching(/signature refused: expired \(signed 2592000 s ago, tolerance 300 s\)/) });
    expect(told).toEqual([[expect.objectContaining({ name: 'WebhookSignatureError', reason: 'expired' }), { stage: 'verify', status: 401 }]]);
    expect((await handler.handle(body, await signedAt(NOW + 365 * DAY))).message).toMatch(/signature refused: future/);
    expect(await handler.handle(body, await signedAt(NOW - 60_000))).toMatchObject({ status: 200, outcome: 'handled' });
    expect(ran).toEqual(['evt_01JD7X3K9Q2W8M4N6P']);
  });

  it('the deprecated sandboxSignatureVerifier refuses the same replay (resolving false, as it always did)', async () => {
    for (const verify of [sandboxSignatureVerifier('segredo', clock)]) {
      expect(await verify(bytes, await signedAt(NOW - 30 * DAY))).toBe(false);
      expect(await verify(bytes, await signedAt(NOW + 365 * DAY))).toBe(false);
      expect(await verify(bytes, await signedAt(NOW - 60_000))).toBe(true);
    }
  });

  it('checks its options where the verifier is made, naming the field', () => {
    const issues = (make: () => unknown): string[] => {
      try {
        make();
      } catch (err) {
        expect(err).toBeInstanceOf(InvalidInputError);
        return (err as InvalidInputError).issues.map((i) => i.path);
      }
      return [];
    };
    expect(issues(() => webhookSignatureVerifier(''))).toEqual(['secret']);
    expect(issues(() => webhookSignatureVerifier('s', { toleranceSeconds: -1 }))).toEqual(['toleranceSeconds']);
    expect(issues(() => webhookSignatureVerifier('s', { toleranceSeconds: Number.NaN, now: 'x' as never }))).toEqual(['toleranceSeconds', 'now']);
    expect(issues(() => webhookSignatureVerifier('s', { tolerance: 60 } as never))).toEqual(['tolerance']);
    expect(issues(() => sandboxSignatureVerifier('s', { toleranceSeconds: Infinity }))).toEqual(['toleranceSeconds']);
  });

  it('refuses to trust a clock that gives no time (it would let every age through)', async () => {
    const verify = webhookSignatureVerifier('segredo', { now: () => new Date(Number.NaN) });
    await expect(verify(bytes, await signedAt(NOW))).rejects.toThrow(/now: must return a valid Date/);
  });
});

describe('one signing scheme under one set of names', () => {
  it('keeps the first names as aliases of the same header and signature', async () => {
    expect(SANDBOX_SIGNATURE_HEADER).toBe(WEBHOOK_SIGNATURE_HEADER);
    const at = new Date(NOW);
    const signed = await webhookSignatureHeaders('segredo', body, at);
    expect(await signSandboxBody('segredo', body, at)).toBe(signed[WEBHOOK_SIGNATURE_HEADER]);
  });
});
