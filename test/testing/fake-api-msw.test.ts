import { readdirSync, readFileSync, statSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError, PartnerCommerce, PartnerCommerceError } from '../../src/index.js';
import { createFakeApi, type FakeApi } from '../../src/testing/index.js';

const BASE_URL = 'https://sandbox.example.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A client on the default global fetch, which msw intercepts. */
function client(token = 'svc_sbx_msw'): PartnerCommerce {
  return new PartnerCommerce({ token, baseUrl: BASE_URL, logLevel: 'off', retryDelayMs: 0, maxRetries: 0 });
}

function use(fake: FakeApi): void {
  server.use(...fake.handlers);
}

describe('fake.handlers with msw', () => {
  it('answers the SDK client on the default global fetch, state and webhooks included', async () => {
    const events: string[] = [];
    const fake = createFakeApi({ onWebhook: (e) => void events.push(e.evento) });
    use(fake);
    const sdk = client();
    const produto = await sdk.produtos.obter('SKU-0002');
    expect(produto.sku).toBe('SKU-0002');
    const cliente = await sdk.clientes.criar({ nome: 'Ana' });
    expect((await sdk.clientes.obter(cliente.id)).nome).toBe('Ana');
    expect(events).toEqual(['cliente.criado']);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/produtos/SKU-0002', 'POST /v1/clientes', `GET /v1/clientes/${cliente.id}`]);
  });

  it('builds the handlers once, on first access, and never while spreading the fake', () => {
    const fake = createFakeApi();
    expect(Object.keys({ ...fake })).not.toContain('handlers');
    expect(fake.handlers).toBe(fake.handlers);
    expect(fake.handlers).toHaveLength(1);
  });

  it('turns a drop fault into a network error, which the client reports as ConnectionError', async () => {
    const fake = createFakeApi();
    fake.inject('GET /v1/conta', [{ drop: true }]);
    use(fake);
    await expect(client().conta.obter()).rejects.toBeInstanceOf(ConnectionError);
  });

  it('intercepts only baseUrl when given, leaving other hosts (such as a webhook receiver) to other handlers', async () => {
    const received: unknown[] = [];
    const fake = createFakeApi({ baseUrl: BASE_URL, webhookUrl: 'https://partner.example.test/webhooks' });
    server.use(
      ...fake.handlers,
      http.post('https://partner.example.test/webhooks', async ({ request }) => {
        received.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
      http.all('https://outro.example.test/*', () => HttpResponse.json({ outro: true })),
    );
    await client().clientes.criar({ nome: 'Bia' });
    expect(received).toEqual([expect.objectContaining({ evento: 'cliente.criado' })]);
    expect(fake.webhooks[0]!.errors).toEqual([]);
    expect(await (await fetch('https://outro.example.test/v1/conta')).json()).toEqual({ outro: true });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('fake.handlers where msw is not installed', () => {
  it('is a PartnerCommerceError that says to install msw or pass fake.fetch', () => {
    // Node's CommonJS loader refuses msw for this one access, as it does where the package is absent
    // (patched at _load, before its caches, since other tests of this process may have loaded msw).
    const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
    const load = loader._load;
    loader._load = function (this: unknown, request: string, ...rest: unknown[]) {
      if (request === 'msw') throw Object.assign(new Error("Cannot find module 'msw'"), { code: 'MODULE_NOT_FOUND' });
      return load.call(this, request, ...rest);
    };
    try {
      const fake = createFakeApi();
      let thrown: unknown;
      try {
        void fake.handlers;
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(PartnerCommerceError);
      expect((thrown as Error).message).toMatch(/npm install --save-dev msw.*fake\.fetch/s);
    } finally {
      loader._load = load;
    }
  });
});

describe('the testing entry', () => {
  it('has no top-level import of msw or of a node: module, so it loads without msw and on edge runtimes', () => {
    const root = join(import.meta.dirname, '../../src/testing');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
    })(root);
    const offenders = files.filter((file) => /^import (?!type )[^;]*from ['"](msw|node:[^'"]+)['"]/m.test(readFileSync(file, 'utf8')));
    expect(files.length).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});
