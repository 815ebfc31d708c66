/**
 * The client as partners run it for days: `client.produtos.obter` against the testing kit's fake, in
 * process (`fake.fetch`), over loopback (`fake.listen()`), behind msw (`mswHandlers(fake)` with the global
 * fetch) and with the budget shared through Redis. Each client keeps a rate limit that never binds
 * (a million calls per second) so the limiter still takes and returns a permit on every call.
 */
import { setupServer } from 'msw/node';
import { PartnerCommerce } from '../../src/index.js';
import { createFakeApi, type FakeApi } from '../../src/testing/index.js';
import { mswHandlers } from '../../src/testing/msw/index.js';
import type { RedisServer } from '../../test/redis/redis-server.js';
import type { SoakPart, SoakRun } from './harness.js';

const TOKEN = 'svc_sbx_soak';
const BASE_URL = 'https://sandbox.example.test';
/**
 * Never binds, and its window is short: the in-process limiter keeps the start time of every call in
 * the window (8 bytes each), so a 60 s window would hold a minute of calls and read as growth.
 */
const OPEN_BUDGET = { perMinute: 1_000_000, windowMs: 1_000 } as const;

const operation = '`client.produtos.obter(sku)`';

/** Calls `obter` for each operation, cycling through the fake's catalog, one after the other. */
function obterRun(client: PartnerCommerce, fake: FakeApi, close: () => Promise<void>): SoakRun {
  const skus = fake.catalog.skus();
  return {
    async run(from, to) {
      for (let i = from; i < to; i++) await client.produtos.obter(skus[i % skus.length]!);
    },
    close: async () => {
      await client.close();
      await close();
    },
  };
}

function fakeForClient(): FakeApi {
  // The defaults a partner's test suite keeps (1,000 recorded requests); no server rate limit, so the
  // soak measures memory, not waits.
  return createFakeApi({ rateLimit: false });
}

export const clientFetch: SoakPart = {
  name: 'client-fetch',
  operation: `${operation} through \`fake.fetch\`, in-process budget`,
  ops: 50_000,
  async setup() {
    const fake = fakeForClient();
    const client = new PartnerCommerce({ token: TOKEN, baseUrl: BASE_URL, fetch: fake.fetch, rateLimit: OPEN_BUDGET, logLevel: 'off' });
    return obterRun(client, fake, async () => {});
  },
};

export const clientLoopback: SoakPart = {
  name: 'client-loopback',
  operation: `${operation} over loopback (\`fake.listen()\`), in-process budget`,
  ops: 40_000,
  async setup() {
    const fake = fakeForClient();
    const server = await fake.listen();
    const client = new PartnerCommerce({ token: TOKEN, baseUrl: server.url, rateLimit: OPEN_BUDGET, logLevel: 'off' });
    return obterRun(client, fake, () => server.close());
  },
};

export const clientMsw: SoakPart = {
  name: 'client-msw',
  operation: `${operation} on the global fetch behind msw (\`mswHandlers(fake)\`), in-process budget`,
  ops: 20_000,
  async setup() {
    const fake = createFakeApi({ rateLimit: false, baseUrl: BASE_URL });
    const server = setupServer(...mswHandlers(fake));
    server.listen({ onUnhandledRequest: 'error' });
    const client = new PartnerCommerce({ token: TOKEN, baseUrl: BASE_URL, rateLimit: OPEN_BUDGET, logLevel: 'off' });
    return obterRun(client, fake, async () => server.close());
  },
};

/** The shared budget needs a Redis server; the entry point starts one and hands it in. */
export function clientSharedBudget(redis: () => Promise<RedisServer>): SoakPart {
  return {
    name: 'client-redis-budget',
    operation: `${operation} through \`fake.fetch\`, budget shared in Redis`,
    ops: 20_000,
    async setup() {
      const fake = fakeForClient();
      const { url } = await redis();
      const client = new PartnerCommerce({ token: TOKEN, baseUrl: BASE_URL, fetch: fake.fetch, rateLimit: { ...OPEN_BUDGET, redis: url, key: `soak-${process.pid}` }, logLevel: 'off' });
      return obterRun(client, fake, async () => {});
    },
  };
}
