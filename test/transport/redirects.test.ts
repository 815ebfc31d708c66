import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PartnerCommerce, UnexpectedResponseError } from '../../src/index.js';
import { SANDBOX_TOKEN } from '../helpers/scripted-fetch.js';

// Real loopback servers and the platform's own fetch: redirects are fetch's behaviour, so a mock
// fetch could not show what is followed.
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Loopback {
  url: string;
  seen: Seen[];
  server: Server;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function serve(answer: (seen: Seen) => { status: number; headers?: Record<string, string>; body?: string }): Promise<Loopback> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const s = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(s);
      const a = answer(s);
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body ?? '');
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const pedido = { id: 'ped_stranger', numero: 1, status: 'PENDENTE', total: '1.00', itens: [], criadoEm: '2026-01-01T00:00:00Z', atualizadoEm: '2026-01-01T00:00:00Z' };
const corpo = { referenciaExterna: 'REF-1', itens: [{ sku: 'SKU-1', numeracao: '38', quantidade: 1 }], cliente: { nome: 'Maria', whatsapp: '+5511999999999' } };

function client(baseUrl: string): PartnerCommerce {
  return new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl, rateLimit: false, retryDelayMs: 0, logLevel: 'off' });
}

describe('a redirect is never followed', () => {
  for (const status of [301, 302, 303, 307, 308]) {
    it(`${status} to another origin: an error naming the status and Location; the other origin gets nothing`, async () => {
      const stranger = await serve(() => ({ status: 200, body: JSON.stringify(pedido) }));
      const api = await serve(() => ({ status, headers: { location: `${stranger.url}/v1/pedidos` } }));
      const failure = await client(api.url)
        .pedidos.criar(corpo as never)
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(UnexpectedResponseError);
      const e = failure as UnexpectedResponseError;
      expect(e.status).toBe(status);
      expect(e.message).toContain(String(status));
      expect(e.message).toContain(`${stranger.url}/v1/pedidos`);
      expect(e.idempotencyKey).toBe(api.seen[0]?.headers['idempotency-key']);
      expect(stranger.seen).toEqual([]);
      // Not retried: a redirect does not change by repeating.
      expect(api.seen).toHaveLength(1);
    });
  }

  it('a GET redirected to another origin does not return that origin body as the API answer', async () => {
    const stranger = await serve(() => ({ status: 200, body: JSON.stringify({ saldo: '999999.00' }) }));
    const api = await serve(() => ({ status: 302, headers: { location: `${stranger.url}/v1/financeiro/saldo` } }));
    await expect(client(api.url).financeiro.saldo()).rejects.toBeInstanceOf(UnexpectedResponseError);
    expect(stranger.seen).toEqual([]);
    expect(api.seen).toHaveLength(1);
  });

  it('a redirect without Location is refused too', async () => {
    const api = await serve(() => ({ status: 307 }));
    const e = (await client(api.url)
      .request('GET', '/v1/conta')
      .catch((x: unknown) => x)) as UnexpectedResponseError;
    expect(e).toBeInstanceOf(UnexpectedResponseError);
    expect(e.status).toBe(307);
  });

  it('a fetch that followed anyway (response.redirected) or gave an opaque redirect is refused', async () => {
    const followed = Object.defineProperty(new Response(JSON.stringify(pedido), { status: 200 }), 'redirected', { value: true });
    const opaque = Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaqueredirect' });
    for (const answer of [followed, opaque]) {
      const c = new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: 'https://api.example.test', rateLimit: false, logLevel: 'off', fetch: async () => answer });
      await expect(c.request('GET', '/v1/conta')).rejects.toBeInstanceOf(UnexpectedResponseError);
    }
  });

  it('304 is not a redirect to refuse by Location (it is an answer without a body)', async () => {
    const api = await serve(() => ({ status: 304 }));
    const e = await client(api.url)
      .request('GET', '/v1/conta')
      .catch((x: unknown) => x);
    expect(e).not.toBeInstanceOf(UnexpectedResponseError);
  });
});
