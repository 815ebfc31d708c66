import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError, PartnerCommerce, PartnerCommerceError } from '../../src/index.js';
import { createFakeApi, type FakeApi } from '../../src/testing/index.js';
import { mswHandlers } from '../../src/testing/msw/index.js';

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
  server.use(...mswHandlers(fake));
}

describe('mswHandlers(fake) with msw', () => {
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

  it('gives one catch-all handler per call, and leaves the fake itself free of msw: spreading it reads no handlers', () => {
    const fake = createFakeApi();
    expect(Object.keys({ ...fake })).not.toContain('handlers');
    expect(mswHandlers(fake)).toHaveLength(1);
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
      ...mswHandlers(fake),
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

describe('fake.handlers, read by a program written for 0.1', () => {
  it('is a PartnerCommerceError naming mswHandlers and partner-commerce/testing/msw', () => {
    const fake = createFakeApi() as FakeApi & { handlers?: unknown };
    let thrown: unknown;
    try {
      void fake.handlers;
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(PartnerCommerceError);
    expect((thrown as Error).message).toBe("fake.handlers was removed in 0.2: use mswHandlers(fake) from 'partner-commerce/testing/msw'");
  });
});

describe('the testing entry', () => {
  // src/testing/msw/ is its own entry (partner-commerce/testing/msw), the one place msw is imported.
  it('has no top-level import of msw or of a node: module, and names msw nowhere, so it loads without msw and on edge runtimes', () => {
    const root = join(import.meta.dirname, '../../src/testing');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? (name === 'msw' ? [] : walk(join(dir, name))) : [join(dir, name)]));
    })(root);
    const offenders = files.filter((file) => /^import (?!type )[^;]*from ['"](msw|node:[^'"]+)['"]/m.test(readFileSync(file, 'utf8')));
    const mswLoads = files.filter((file) => /(?:import|require)\(\s*['"]msw/.test(readFileSync(file, 'utf8')));
    expect(files.length).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
    expect(mswLoads).toEqual([]);
  });
});
