import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ApiError, CODIGOS_ERRO, PartnerCommerce, type ApiErrorOf, type CodigoErroConhecido, type Money } from '../../src/index.js';
import { createFakeApi, type FakeApi, type FakeApiOptions, type FakeWebhookEvent } from '../../src/testing/index.js';
import { mswHandlers } from '../../src/testing/msw/index.js';

/** Where the fake is addressed in the end-to-end tests (msw intercepts it; nothing leaves the machine). */
export const FAKE_BASE_URL = 'https://sandbox.example.test';

/** A fresh fake and a client for one token, with the notices sent for that token. */
export interface FakeSetup {
  fake: FakeApi;
  client: PartnerCommerce;
  events: FakeWebhookEvent[];
}

/**
 * Registers an msw server for this test file (unhandled requests are errors) and gives `setup`,
 * which puts a fresh fake behind it and a client on the global fetch, as a partner using
 * `mswHandlers(fake)` would.
 */
export function fakeBehindMsw(defaultToken: string) {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return {
    setup(options: FakeApiOptions = {}, token = defaultToken): FakeSetup {
      const events: FakeWebhookEvent[] = [];
      const fake = createFakeApi({ baseUrl: FAKE_BASE_URL, rateLimit: false, ...options, onWebhook: (e, ctx) => void (ctx.token === token && events.push(e)) });
      server.use(...mswHandlers(fake));
      return { fake, client: clientFor(token), events };
    },
  };
}

/** A client on the global fetch (so msw intercepts it), with no limiter or retries to blur the answers. */
export function clientFor(token: string): PartnerCommerce {
  return new PartnerCommerce({ token, baseUrl: FAKE_BASE_URL, rateLimit: false, logLevel: 'off', maxRetries: 0 });
}

/** The call's rejection, checked to be an ApiError with `codigo` and that code's status. */
export async function rejection<C extends CodigoErroConhecido>(call: PromiseLike<unknown>, codigo: C): Promise<ApiErrorOf<C>> {
  const err = await Promise.resolve(call).then(
    () => {
      throw new Error(`expected ApiError ${codigo}, but the call resolved`);
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({ codigo, status: CODIGOS_ERRO[codigo] });
  return err as ApiErrorOf<C>;
}

/** An active product and one of its sizes with at least `pares` pairs. */
export async function disponivel(client: PartnerCommerce, pares: number): Promise<{ sku: string; numeracao: string; estoque: number; precoAtacado: Money }> {
  for await (const { sku } of client.produtos.listar({ limite: 100 })) {
    const produto = await client.produtos.obter(sku);
    const size = produto.numeracoes.find((n) => n.estoque >= pares);
    if (produto.ativo && size) return { sku, numeracao: size.numeracao, estoque: size.estoque, precoAtacado: produto.precoAtacado };
  }
  throw new Error('no product with stock');
}

/** The kinds of the notices received, in order. */
export const kinds = (events: readonly FakeWebhookEvent[]) => events.map((e) => e.evento);
