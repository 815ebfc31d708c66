import { afterEach, describe, expect, it } from 'vitest';
import { PartnerCommerce } from '../../src/index.js';
import { connected } from './mcp-helpers.js';

// A server that echoes the token back in forms no token-shaped pattern sees: the secret part without
// its `svc_sbx_` prefix, and base64 / base64url copies of the token, of `Bearer <token>`, of the secret
// part and of Basic auth's `:<token>` / `<token>:`. Echoed in a success body, in an API error's message
// and details, in a non-JSON error page and in a failed fetch's message: none reaches a tool result.
// The secret's `?`, `~` and `>` make the base64 of the token hold `/` and `+`, where base64url differs.
const SECRET = 'Pq8?Kz_Wm~7Lr2Tn>vB';
const TOKEN = `svc_sbx_${SECRET}`;
const base64 = (text: string) => btoa(text);
const base64url = (text: string) => base64(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const SOURCES = [TOKEN, `Bearer ${TOKEN}`, SECRET, `:${TOKEN}`, `${TOKEN}:`];
const ECHOES = [SECRET, encodeURIComponent(SECRET), ...SOURCES.flatMap((s) => [base64(s), base64url(s)])];
// What must be in no byte of a result: every echo, and the secret's own pieces.
const FORBIDDEN = [...new Set([...ECHOES, ...SOURCES.map(base64).map((b) => b.replace(/=+$/, '')), 'Pq8?Kz', 'Wm~7Lr2Tn'])];

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A fetch that answers as `route` says, every echo written into it. */
function echoingFetch(answer: 'body' | 'api-error' | 'html' | 'throws'): typeof globalThis.fetch {
  return async () => {
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-eco': ECHOES.slice(2).join(',') } });
    if (answer === 'body') return json(200, { id: 'cli_1', nome: ECHOES.join(' '), eco: ECHOES, [ECHOES[2]!]: ECHOES[3] });
    if (answer === 'api-error') {
      return json(400, { erro: { codigo: 'VALIDACAO', mensagem: `token ${ECHOES.join(' ')} recusado`, detalhes: ECHOES.map((e) => ({ campo: 'authorization', problema: e })), requestId: 'req_1' } });
    }
    if (answer === 'html') return new Response(`<p>${ECHOES.join(' ')}</p>`, { status: 502, headers: { 'content-type': 'text/html' } });
    throw new TypeError(`fetch failed: socket hang up after sending ${ECHOES.join(' ')}`);
  };
}

describe('MCP results behind a server that echoes the token in forms without its prefix', () => {
  it('the echoes are what the test means: base64url differs from base64, and none carries the svc_sbx_ prefix but the plain ones', () => {
    expect(base64(TOKEN)).toMatch(/[+/]/);
    expect(base64url(TOKEN)).not.toBe(base64(TOKEN));
    for (const echo of ECHOES) expect(echo).not.toContain('svc_');
  });

  it.each(['body', 'api-error', 'html', 'throws'] as const)('a %s holding each form reaches the result as [redacted], in structured content and text', async (answer) => {
    const client = new PartnerCommerce({ token: TOKEN, baseUrl: 'https://sandbox.example.test', fetch: echoingFetch(answer), rateLimit: false, maxRetries: 0, logLevel: 'off' });
    const mcp = await connected({ client, tools: 'all' });
    closers.push(mcp.close);
    const got = await mcp.call('clientes_obter', { id: 'cli_1' });
    expect(got.isError).toBe(answer !== 'body');
    // The answer did come back (not an empty result that would pass for lack of content).
    expect(got.raw).toContain('[redacted]');
    for (const form of FORBIDDEN) expect({ form, found: got.raw.includes(form) || got.text.includes(form) }).toEqual({ form, found: false });
  });
});
