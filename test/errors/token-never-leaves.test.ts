import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortError, ApiError, ConnectionError, InvalidInputError, PartnerCommerce, PartnerCommerceError, TimeoutError, UnexpectedResponseError } from '../../src/index.js';

// A token with the characters escapes touch: `/` (JSON may write `\/`) and `_` (`\u005f`, `%5F`).
const SECRET = 'Qz9/Kp_Wm7Lr2Tn8';
const TOKEN = `svc_sbx_${SECRET}`;
const FRAGMENTS = ['Qz9', 'Wm7Lr2Tn8'];

// Every form a server or proxy has been seen to echo a token in.
const ECHOES = [TOKEN, `Bearer ${TOKEN}`, TOKEN.replace('/', '\\/'), TOKEN.replaceAll('_', '\\u005f'), `\\u0073vc_sbx_${SECRET.replace('/', '\\/')}`, encodeURIComponent(TOKEN)];
const echoBody = (extra: Record<string, unknown> = {}) =>
  `{"erro":{"codigo":"VALIDACAO","mensagem":"token ${ECHOES[0]} recusado","detalhes":[{"campo":"authorization","problema":"${ECHOES.slice(2).join(' ')}"}],"requestId":"req_1","eco":"${ECHOES[4]}"${Object.keys(extra).length ? `,${JSON.stringify(extra).slice(1, -1)}` : ''}}}`;

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const route = req.url ?? '';
    const echo = { 'x-eco': `${req.headers.authorization}`, 'content-type': 'application/json' };
    if (route.startsWith('/v1/hang')) return; // never answers: the attempt times out
    if (route.startsWith('/v1/drop')) return req.socket.destroy();
    if (route.startsWith('/v1/api-error')) return res.writeHead(400, echo).end(echoBody());
    if (route.startsWith('/v1/html')) return res.writeHead(502, { 'content-type': 'text/html' }).end(`<p>${ECHOES.join(' ')}</p>`);
    if (route.startsWith('/v1/not-json')) return res.writeHead(200, echo).end(`ok ${ECHOES.join(' ')}`);
    if (route.startsWith('/v1/redirect')) return res.writeHead(302, { location: `http://elsewhere.test/?t=${encodeURIComponent(TOKEN)}` }).end();
    if (route.startsWith('/v1/produtos/')) return res.writeHead(200, echo).end(`{"sku":"${ECHOES[2]}","nome":7}`);
    res.writeHead(200, echo).end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function client(): PartnerCommerce {
  return new PartnerCommerce({ token: TOKEN, baseUrl, rateLimit: false, maxRetries: 0, logLevel: 'off' });
}

/** Every value reachable from `root`: own properties (non-enumerable and symbols too), causes, Map/Set entries. */
function reachable(root: unknown): unknown[] {
  const seen = new Set<unknown>();
  const queue: unknown[] = [root];
  while (queue.length > 0) {
    const value = queue.shift();
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) {
      if (typeof value === 'string') seen.add(value);
      continue;
    }
    seen.add(value);
    if (value instanceof Map) for (const [k, v] of value) queue.push(k, v);
    if (value instanceof Set) for (const v of value) queue.push(v);
    if (typeof value === 'function') continue;
    for (const key of Reflect.ownKeys(value)) {
      const d = Object.getOwnPropertyDescriptor(value, key);
      if (d && 'value' in d) queue.push(d.value);
      else if (d?.get) {
        try {
          queue.push(d.get.call(value));
        } catch {
          // a getter that throws holds nothing reachable
        }
      }
    }
  }
  return [...seen];
}

function expectNoToken(e: unknown): void {
  const renderings = [inspect(e, { depth: Number.POSITIVE_INFINITY, showHidden: true }), inspect(e), String(e), JSON.stringify(e) ?? '', (e as Error).stack ?? ''];
  for (const value of reachable(e)) {
    expect(value instanceof Request || value instanceof Headers || value instanceof Response, 'a Request, Headers or Response is reachable').toBe(false);
    if (typeof value === 'string') renderings.push(value);
  }
  for (const text of renderings) for (const fragment of FRAGMENTS) expect(text).not.toContain(fragment);
}

async function failureOf(call: () => Promise<unknown>): Promise<unknown> {
  return call().then(
    () => expect.unreachable('the call should fail'),
    (e: unknown) => e,
  );
}

describe('the token never leaves, at any depth of any error', () => {
  const cases: [string, abstract new (...args: never[]) => PartnerCommerceError, (c: PartnerCommerce) => Promise<unknown>][] = [
    ['TimeoutError (a fetch may hold the request in its cause chain)', TimeoutError, (c) => c.request('GET', '/v1/hang', { timeoutMs: 200 })],
    ['ConnectionError', ConnectionError, (c) => c.request('GET', '/v1/drop')],
    ['ApiError echoing the token in every encoding', ApiError, (c) => c.request('GET', '/v1/api-error')],
    ['ApiError from an HTML page', ApiError, (c) => c.request('GET', '/v1/html')],
    ['UnexpectedResponseError (not JSON)', UnexpectedResponseError, (c) => c.request('GET', '/v1/not-json', { schema: undefined as never })],
    ['UnexpectedResponseError (does not fit)', UnexpectedResponseError, (c) => c.produtos.obter('x')],
    ['UnexpectedResponseError (redirect)', UnexpectedResponseError, (c) => c.request('GET', '/v1/redirect')],
    ['AbortError', AbortError, (c) => c.request('GET', '/v1/hang', { signal: AbortSignal.timeout(20) })],
    ['InvalidInputError', InvalidInputError, (c) => c.request('GET', `/v1/${TOKEN}\\x`)],
  ];
  for (const [name, kind, call] of cases) {
    it(name, async () => {
      const e = await failureOf(() => call(client()));
      expect(e).toBeInstanceOf(kind);
      expectNoToken(e);
    });
  }

  it('a JSON-escaped echo is redacted in the parsed body too (body, detalhes, mensagem)', async () => {
    const e = (await failureOf(() => client().request('GET', '/v1/api-error'))) as ApiError;
    expect(JSON.stringify(e.body)).toContain('[redacted]');
    expect(e.detalhes[0]?.problema).toContain('[redacted]');
    expect(e.headers['x-eco']).toBe('Bearer svc_sbx_[redacted]');
  });
});
