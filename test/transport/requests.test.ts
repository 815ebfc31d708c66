import { describe, expect, it } from 'vitest';
import { InvalidInputError, UnexpectedResponseError } from '../../src/index.js';
import { testClient } from '../helpers/client.js';
import { PRODUTO, PROD_TOKEN, SANDBOX_TOKEN, json, scriptedFetch } from '../helpers/scripted-fetch.js';

describe('every request', () => {
  it('carries the bearer token, Accept json and a User-Agent naming the SDK and runtime', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    await testClient(fetch).produtos.obter('SKU-1');
    expect(seen).toHaveLength(1);
    const h = seen[0]!.headers;
    expect(h.get('authorization')).toBe(`Bearer ${SANDBOX_TOKEN}`);
    expect(h.get('accept')).toBe('application/json');
    expect(h.get('user-agent')).toMatch(/^partner-commerce\/\d+\.\d+\.\d+ node\/\d+\.\d+\.\d+$/);
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url.pathname).toBe('/v1/produtos/SKU-1');
  });

  it('reads X-Request-Id of the answer into the call metadata', async () => {
    const { fetch } = scriptedFetch(() => json(200, PRODUTO, { 'x-request-id': 'req_abc' }));
    const { meta } = await testClient(fetch).produtos.obter('SKU-1').withMeta();
    expect(meta.requestId).toBe('req_abc');
    expect(meta.status).toBe(200);
    expect(meta.attempts).toBe(1);
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const { fetch, seen } = scriptedFetch(() => json(201, { id: 'x' }));
    await testClient(fetch).request('POST', '/v1/clientes', { body: { nome: 'Ana' } });
    expect(seen[0]!.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0]!.body)).toEqual({ nome: 'Ana' });
  });

  it('adds caller headers but refuses to let them replace the token', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    const client = testClient(fetch);
    await client.request('GET', '/v1/conta', { headers: { 'x-trace': 't1' } });
    expect(seen[0]!.headers.get('x-trace')).toBe('t1');
    await expect(client.request('GET', '/v1/conta', { headers: { Authorization: 'Bearer other' } })).rejects.toMatchObject({
      name: 'InvalidInputError',
      issues: [{ path: 'headers.Authorization' }],
    });
    expect(seen).toHaveLength(1);
  });
});

describe('path parameters', () => {
  it('percent-encode each value as one segment, so ../conta never reaches /v1/conta', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    const client = testClient(fetch);
    await client.produtos.obter('../conta');
    await client.produtos.obter('a/b?c#d');
    expect(seen.map((r) => r.url.pathname)).toEqual(['/v1/produtos/..%2Fconta', '/v1/produtos/a%2Fb%3Fc%23d']);
    expect(seen.map((r) => r.url.search)).toEqual(['', '']);
  });

  it.each(['.', '..', ''])('refuse %j before sending, naming the parameter', async (sku) => {
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    const err = await testClient(fetch)
      .produtos.estoque(sku)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues[0]!.path).toBe('sku');
    expect(seen).toHaveLength(0);
  });

  it('refuse a raw request path with dot segments, encoded or not', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    const client = testClient(fetch);
    for (const path of ['/v1/produtos/../conta', '/v1/produtos/%2e%2e/conta', '/v1//conta', 'v1/conta', '/v1/conta?x=1']) {
      await expect(client.request('GET', path)).rejects.toBeInstanceOf(InvalidInputError);
    }
    expect(seen).toHaveLength(0);
  });
});

describe('sandbox routes', () => {
  it('are refused with a production token before any request is sent', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    const client = testClient(fetch, { token: PROD_TOKEN });
    expect(client.environment).toBe('production');
    const err = await client.request('POST', '/v1/sandbox/conta/resetar').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).message).toContain('sandbox');
    await expect(client.request('POST', '/v1/SANDBOX/conta/resetar')).rejects.toBeInstanceOf(InvalidInputError);
    expect(seen).toHaveLength(0);
  });

  it('go through with a sandbox token', async () => {
    const { fetch, seen } = scriptedFetch(() => new Response(null, { status: 204 }));
    const client = testClient(fetch);
    expect(client.environment).toBe('sandbox');
    await expect(client.request('POST', '/v1/sandbox/conta/resetar')).resolves.toBeUndefined();
    expect(seen).toHaveLength(1);
  });
});

describe('responses', () => {
  it('are validated: a missing required field is an UnexpectedResponseError naming it', async () => {
    const { sku: _sku, ...semSku } = PRODUTO;
    const { fetch } = scriptedFetch(() => json(200, semSku));
    const err = await testClient(fetch)
      .produtos.obter('SKU-1')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect((err as UnexpectedResponseError).issues.map((i) => i.path)).toContain('sku');
    expect((err as UnexpectedResponseError).message).toContain('sku');
  });

  it('are validated: an empty answer (even a 204) where a record is expected is an UnexpectedResponseError', async () => {
    for (const status of [200, 204]) {
      const { fetch } = scriptedFetch(() => new Response(null, { status }));
      const err = await testClient(fetch)
        .produtos.obter('SKU-1')
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnexpectedResponseError);
      expect((err as UnexpectedResponseError).status).toBe(status);
    }
  });

  it('are validated: a 2xx body that is not JSON is an UnexpectedResponseError', async () => {
    const { fetch } = scriptedFetch(() => new Response('<html>ok</html>', { status: 200 }));
    const err = await testClient(fetch)
      .produtos.obter('SKU-1')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect((err as UnexpectedResponseError).status).toBe(200);
  });

  it('keep unknown fields, never failing on them', async () => {
    const { fetch } = scriptedFetch(() => json(200, { ...PRODUTO, campoNovo: { a: 1 }, numeracoes: [{ ...PRODUTO.numeracoes[0], extra: true }] }));
    const produto = await testClient(fetch).produtos.obter('SKU-1');
    expect(produto['campoNovo']).toEqual({ a: 1 });
    expect(produto.numeracoes[0]!['extra']).toBe(true);
  });
});

describe('bad call inputs', () => {
  it.each([
    [{ 'x-ok': 'a\r\nInjected: 1' }, 'headers.x-ok'],
    [{ 'bad name': 'x' }, 'headers.bad name'],
    [{ 'x-emoji': '😀' }, 'headers.x-emoji'],
  ])('refuse header %j before sending, instead of failing inside fetch', async (headers, path) => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    const err = await testClient(fetch)
      .request('GET', '/v1/conta', { headers })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues[0]!.path).toBe(path);
    expect(seen).toHaveLength(0);
  });

  it('refuse a body that cannot be JSON (a BigInt, a cycle) before sending', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    for (const body of [{ n: 10n }, cycle]) {
      const err = await testClient(fetch)
        .request('POST', '/v1/clientes', { body })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvalidInputError);
      expect((err as InvalidInputError).issues[0]!.path).toBe('body');
    }
    expect(seen).toHaveLength(0);
  });
});
