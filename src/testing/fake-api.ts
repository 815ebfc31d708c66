import { Catalog } from './catalog/catalog.js';
import { generateCatalog } from './catalog/generate.js';
import { FaultQueue } from './core/faults.js';
import { createHandler } from './core/pipeline.js';
import type { RouteDefinition } from './core/router.js';
import { withNulls } from './core/send-nulls.js';
import { FixedWindowLimiter } from './core/rate-limiter.js';
import { FakeState } from './core/state.js';
import { PartnerCommerceError } from '../errors/partner-commerce-error.js';
import { rememberOrigin } from './fake-origin.js';
import { listen } from './http/node-server.js';
import { CatalogDriver } from './driver/catalog-driver.js';
import { resolveOptions } from './options.js';
import { allRoutes } from './routes/index.js';
import { RequestLog } from './core/request-log.js';
import type { FakeApi, FakeApiOptions } from './types.js';
import { WebhookDispatcher, type PendingEvent } from './webhooks/dispatcher.js';
import { StockNotices } from './webhooks/stock-notices.js';
import { DeliveryFaults } from './webhooks/delivery-faults.js';

/**
 * Creates an in-memory fake of the sandbox API that follows the spec: Bearer auth and permissions,
 * rate limit per token with its headers, error bodies and codes, cursor pagination, a deterministic
 * catalog, and per-token test accounts with customers, orders, proofs, tracking codes, ledger, labels
 * and a storefront; every simulator; Idempotency-Key; and the webhooks all of these cause. Each token
 * is its own test account. Use it as msw handlers (`mswHandlers(fake)` from `partner-commerce/testing/msw`), as the client's `fetch`
 * (`fake.fetch`) or as a real HTTP server (`await fake.listen()`); `fake.requests`, `fake.webhooks`
 * and `fake.inject()` let tests watch and break the traffic.
 *
 * @example
 * const events: FakeWebhookEvent[] = [];
 * const fake = createFakeApi({ onWebhook: (e) => void events.push(e) });
 * const client = new PartnerCommerce({ token: 'svc_sbx_test', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch });
 * const pedido = await client.pedidos.criar({ itens: [{ sku: 'SKU-0001', numeracao: '36', quantidade: 1 }] });
 * @throws {InvalidInputError} naming every invalid option at once.
 */
export function createFakeApi(options?: FakeApiOptions): FakeApi {
  const resolved = resolveOptions(options);
  const state = new FakeState(new Catalog(generateCatalog(resolved.catalogSize, resolved.now())), resolved.setupOf);
  const faults = new FaultQueue();
  const log = new RequestLog(resolved.maxRecordedRequests);
  const limiter = resolved.rateLimit && new FixedWindowLimiter(resolved.rateLimit.perMinute, resolved.rateLimit.windowMs);
  const dispatcher = new WebhookDispatcher(resolved.targets, resolved.now, resolved.delivery, resolved.maxRecordedWebhooks);
  // A product notice goes to every account the fake knows, each for its own integration, as in production.
  const stock = new StockNotices(resolved.stockWebhookDelayMs, (sku) => {
    const produto = state.catalog.get(sku);
    if (!produto) return;
    const notice: PendingEvent<'produto.estoque_atualizado'> = { evento: 'produto.estoque_atualizado', dados: { produto } };
    for (const account of state.accounts()) dispatcher.track(dispatcher.send(account, nulled([notice])));
  });
  const catalog = new CatalogDriver(state.catalog, resolved.now, {
    // One account after the other, so seeded delivery faults draw in a repeatable order.
    send: async (events) => {
      for (const account of state.accounts()) await dispatcher.send(account, events);
    },
    stockChanged: (sku) => stock.changed(sku),
  });
  const handle = createHandler({
    state,
    routes: resolved.sendNulls ? allRoutes.map(answeringNulls) : allRoutes,
    faults,
    limiter,
    accepts: resolved.accepts,
    now: resolved.now,
    log,
    maxBodyBytes: resolved.maxBodyBytes,
    writePermissions: resolved.writePermissions,
    events: { send: (account, events) => dispatcher.send(account, nulled(events)), stockChanged: (sku) => stock.changed(sku) },
  });

  // sendNulls: answers and notices carry `null` for the optional fields a record lacks (copies; the state keeps its records).
  function nulled(events: readonly PendingEvent[]): readonly PendingEvent[] {
    return resolved.sendNulls ? events.map((e) => ({ evento: e.evento, dados: withNulls(e.dados) }) as PendingEvent) : events;
  }

  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    // A real fetch never starts a request whose signal has already fired.
    if (signal?.aborted) throw signal.reason;
    return handle(unsignalled(input, init), signal ?? undefined);
  };

  const fake: FakeApi = {
    handle,
    fetch: fetchImpl,
    listen: (listenOptions) => listen(handle, listenOptions),
    requests: log.entries,
    webhooks: dispatcher.deliveries,
    flushWebhooks: async () => {
      // Stock notices sent now may draw a delay: flush until nothing is held back.
      do {
        stock.flush();
        dispatcher.flush();
        await dispatcher.idle();
      } while (dispatcher.holding());
    },
    setWebhookFaults: (faults) => dispatcher.setFaults(DeliveryFaults.from(faults, 'setWebhookFaults')),
    inject: (route, list) => faults.inject(route, list),
    catalog,
  };
  // Not enumerable: spreading or deep-comparing a fake must not throw. A program of 0.1 that still
  // reads the handlers here learns where they went instead of spreading `undefined`.
  Object.defineProperty(fake, 'handlers', {
    get: () => {
      throw new PartnerCommerceError("fake.handlers was removed in 0.2: use mswHandlers(fake) from 'partner-commerce/testing/msw'");
    },
    enumerable: false,
  });
  return rememberOrigin(fake, resolved.baseUrl);
}

/**
 * The Request the fake handles: the caller's own Request as it is, or a new one without a signal (the
 * caller's signal goes beside it). A Request built from a signal, or from another Request, follows that
 * signal through an abort listener that only a FinalizationRegistry removes, and its callback cannot run
 * while a loop of in-process requests keeps the event loop busy: about 2 KB was held per request until
 * the loop yielded.
 */
function unsignalled(input: RequestInfo | URL, init: RequestInit | undefined): Request {
  if (input instanceof Request && init === undefined) return input;
  return new Request(input, { ...init, signal: null });
}

/** The same route, answering its body with `null` for the optional fields its records lack. */
function answeringNulls(definition: RouteDefinition): RouteDefinition {
  return {
    ...definition,
    handler: async (context) => {
      const result = await definition.handler(context);
      if (result.status >= 300 || result.body === undefined) return result;
      // A replay answers the first answer's JSON text as stored.
      if (typeof result.body !== 'string') return { ...result, body: withNulls(result.body) };
      try {
        return { ...result, body: JSON.stringify(withNulls(JSON.parse(result.body))) };
      } catch {
        return result; // not JSON: nothing to fill
      }
    },
  };
}
