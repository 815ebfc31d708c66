import { Catalog } from './catalog/catalog.js';
import { generateCatalog } from './catalog/generate.js';
import { FaultQueue } from './core/faults.js';
import { createHandler } from './core/pipeline.js';
import { FixedWindowLimiter } from './core/rate-limiter.js';
import { FakeState } from './core/state.js';
import { listen } from './http/node-server.js';
import { resolveOptions } from './options.js';
import { allRoutes } from './routes/index.js';
import type { FakeApi, FakeApiOptions, RecordedRequest } from './types.js';

/**
 * Creates an in-memory fake of the sandbox API that follows the spec: Bearer auth, rate limit per token
 * with its headers, error bodies and codes, cursor pagination, and a deterministic catalog. Each token
 * is its own test account. Use `fake.fetch` as the client's `fetch`, or `await fake.listen()` for a
 * real HTTP server; `fake.requests` and `fake.inject()` let tests watch and break the traffic.
 *
 * @example
 * const fake = createFakeApi({ catalogSize: 5 });
 * const res = await fake.fetch('https://sandbox.example.test/v1/produtos', {
 *   headers: { Authorization: 'Bearer svc_sbx_test' },
 * });
 * @throws {TypeError} when an option is invalid.
 */
export function createFakeApi(options?: FakeApiOptions): FakeApi {
  const resolved = resolveOptions(options);
  const state = new FakeState(new Catalog(generateCatalog(resolved.catalogSize, resolved.now())));
  const faults = new FaultQueue();
  const log: RecordedRequest[] = [];
  const limiter = resolved.rateLimit && new FixedWindowLimiter(resolved.rateLimit.limit, resolved.rateLimit.windowMs);
  const handle = createHandler({ state, routes: allRoutes, faults, limiter, accepts: resolved.accepts, now: resolved.now, log });

  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    // A real fetch never starts a request whose signal has already fired.
    if (request.signal.aborted) throw request.signal.reason;
    return handle(request);
  };

  return {
    handle,
    fetch: fetchImpl,
    listen: (listenOptions) => listen(handle, listenOptions),
    requests: log,
    inject: (route, list) => faults.inject(route, list),
  };
}
