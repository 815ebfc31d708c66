import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiError, PartnerCommerce } from '../../src/index.js';
import { redactTokens } from '../../src/errors/redact.js';

// The token's secret part and its base64 copies, which carry no `svc_` prefix for a pattern to see,
// are hidden once a client holds the token: in the errors the SDK throws and in its log lines, and
// base64 of any text that holds the secret, at each of the three byte alignments, goes whole.
const SECRET = 'Lm?4Xr_Tq~9Hw2Zp>cD';
const TOKEN = `svc_prod_${SECRET}`;
const b64 = (text: string) => btoa(text);
const b64url = (text: string) => b64(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

const lines: string[] = [];
const logger = { debug: (m: string) => void lines.push(m), info: (m: string) => void lines.push(m), warn: (m: string) => void lines.push(m), error: (m: string) => void lines.push(m) };

function echoes(): string[] {
  return [SECRET, ...[TOKEN, `Bearer ${TOKEN}`, SECRET, `:${TOKEN}`, `${TOKEN}:`].flatMap((s) => [b64(s), b64url(s)])];
}

describe("redaction of a held token's secret part and base64 copies", () => {
  it('hides them in the ApiError a caller catches (message, mensagem, detalhes, headers, body) and in log lines', async () => {
    const fetch: typeof globalThis.fetch = async () =>
      new Response(JSON.stringify({ erro: { codigo: 'VALIDACAO', mensagem: echoes().join(' '), detalhes: echoes().map((e) => ({ campo: e, problema: e })), requestId: 'req_1' } }), {
        status: 400,
        headers: { 'content-type': 'application/json', 'x-eco': echoes().join(',') },
      });
    const client = new PartnerCommerce({ token: TOKEN, baseUrl: 'https://api.example.test', fetch, rateLimit: false, maxRetries: 0, logger, logLevel: 'debug' });
    const err: unknown = await client.conta.obter().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    const seen = `${inspect(err, { depth: 10, showHidden: true })} ${JSON.stringify(err)} ${lines.join('\n')}`;
    expect(seen).toContain('[redacted]');
    for (const echo of echoes()) expect({ echo, found: seen.includes(echo) }).toEqual({ echo, found: false });
  });

  it('hides base64 of any text holding the secret at each byte alignment, and keeps the text around it', () => {
    // Holding the token is what teaches redaction its forms.
    expect(new PartnerCommerce({ token: TOKEN, baseUrl: 'https://api.example.test', rateLimit: false, fetch: async () => new Response('{}') }).environment).toBe('production');
    for (const before of ['', 'a', 'ab', 'abc']) {
      const copy = b64(`${before}${SECRET}!`);
      expect(redactTokens(`x-eco: ${copy}; ok`)).toBe('x-eco: [redacted]; ok');
    }
    // As raw JSON or a URL writes them: `\/` and `%2F` inside the copy, the secret's `?` as `%3F` or `\u003f`.
    expect(b64(TOKEN)).toContain('/');
    expect(redactTokens(`{"eco":"${b64(TOKEN).replaceAll('/', '\\/')}"}`)).toBe('{"eco":"[redacted]"}');
    expect(redactTokens(`?t=${encodeURIComponent(b64(TOKEN))}&u=${encodeURIComponent(SECRET)}`)).toBe('?t=[redacted]&u=[redacted]');
    expect(redactTokens(`"${SECRET.replace('?', '\\u003f')}"`)).toBe('"[redacted]"');
    // Other base64, and text merely like the secret, stay as they were.
    expect(redactTokens(`a ${b64('another token entirely')} Lm4?Xr`)).toBe(`a ${b64('another token entirely')} Lm4?Xr`);
  });
});
