import { describe, expect, it } from 'vitest';
import { InvalidInputError, PartnerCommerce } from '../../src/index.js';
import { testClient } from '../helpers/client.js';
import { BASE_URL, PROD_TOKEN, json, scriptedFetch } from '../helpers/scripted-fetch.js';

async function refusal(call: () => Promise<unknown>): Promise<InvalidInputError> {
  const e = await call().then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(InvalidInputError);
  return e as InvalidInputError;
}

describe('raw paths are exactly what was written', () => {
  const raw: [string, string][] = [
    ['backslash dot segments', '/v1/produtos\\..\\..\\conta'],
    ['TAB inside a dot segment', '/v1/produtos/.\t./conta'],
    ['LF inside a dot segment', '/v1/produtos/.\n./conta'],
    ['CR', '/v1/conta\r'],
    ['NUL', '/v1/con\0ta'],
    ['DEL', '/v1/con\x7fta'],
    ['lone surrogate', '/v1/produtos/\uD800'],
  ];
  for (const [name, path] of raw) {
    it(`refuses ${name} before sending`, async () => {
      const { fetch, seen } = scriptedFetch(() => json(200, {}));
      const e = await refusal(() => testClient(fetch).request('GET', path));
      expect(e.issues[0]?.path).toBe('path');
      expect(seen).toHaveLength(0);
    });
  }

  it('a production token cannot reach a sandbox route through a backslash', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    const client = new PartnerCommerce({ token: PROD_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: false, logLevel: 'off' });
    await refusal(() => client.request('POST', '/v1/x\\..\\sandbox/conta/resetar'));
    expect(seen).toHaveLength(0);
  });

  it('the sandbox-only rule reads the path as sent (percent-encoded letters included)', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    const client = new PartnerCommerce({ token: PROD_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: false, logLevel: 'off' });
    const e = await refusal(() => client.request('POST', '/v1/%73andbox/conta/resetar'));
    expect(e.issues[0]?.path).toBe('token');
    expect(seen).toHaveLength(0);
  });

  it('still sends ordinary paths, with characters the parser encodes, unchanged in meaning', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    await testClient(fetch).request('GET', '/v1/produtos/t%C3%AAnis 38');
    expect(seen[0]?.url.pathname).toBe('/v1/produtos/t%C3%AAnis%2038');
  });
});

describe('path parameters', () => {
  it('an id with a lone surrogate is an InvalidInputError naming the parameter, not a URIError', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, {}));
    for (const id of ['\uD800', 'a\uDC00b']) {
      const e = await refusal(() => testClient(fetch).produtos.obter(id));
      expect(e.issues[0]?.path).toBe('sku');
    }
    expect(seen).toHaveLength(0);
  });

  it('a valid surrogate pair is sent encoded', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, { sku: 'x' }));
    await testClient(fetch)
      .request('GET', '/v1/conta')
      .catch(() => undefined);
    await testClient(fetch)
      .produtos.obter('bota-👢')
      .catch(() => undefined);
    expect(seen[1]?.url.pathname).toBe(`/v1/produtos/${encodeURIComponent('bota-👢')}`);
  });
});
