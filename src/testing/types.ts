import type { FakeRateLimit } from './fake-rate-limit.js';
import type { FakeListenOptions, FakeServer } from './fake-server.js';
import type { Fault } from './fault.js';
import type { RecordedRequest } from './recorded-request.js';
import type { FakeCatalog } from './driver/catalog-types.js';
import type { FakeWebhookDelivery, FakeWebhookFaults, FakeWebhookHandler, FakeWebhookSigner } from './webhooks/types.js';
import type { WebhookSecrets } from './webhooks/signing.js';

export type { FakeRateLimit } from './fake-rate-limit.js';
export type { FakeListenOptions, FakeServer } from './fake-server.js';
export type { Fault, FaultAnswer, FaultDelay, FaultDrop } from './fault.js';
export type { RecordedRequest } from './recorded-request.js';

/** How one test account (one token) is set up. Every field is optional. */
export interface FakeAccountOptions {
  /**
   * Permissions of the token's integration. A route needing one it lacks answers 403
   * ESCOPO_INSUFICIENTE with `escopoNecessario`, and its webhooks are not sent. Simulators need none.
   * @default every read permission of the spec (`pedidos:ler`, `etiquetas:ler`, `financeiro:ler`,
   *   `produtos:ler`, `clientes:ler`) plus every name in {@link FakeApiOptions.writePermissions}
   */
  permissions?: readonly string[] | undefined;
  /** Connected to the label provider's test environment; when false, quote and issue answer 400 LABEL_PROVIDER_NOT_CONNECTED. @default true */
  labelProviderConnected?: boolean | undefined;
  /** The storefront is released to the partner; when false every /v1/loja-hub call answers 403 LOJA_HUB_NAO_LIBERADA. @default true */
  storefrontReleased?: boolean | undefined;
  /** `fichaCompleta` of GET /v1/conta; when false order creation answers 400 PROFILE_INCOMPLETE. @default true */
  profileComplete?: boolean | undefined;
}

/**
 * Names of the write permissions, per area. The spec does not name them, so by default writes need no
 * permission; give a name to make the area's writes need it (and to list it in the default permissions).
 */
export interface FakeWritePermissions {
  /** Orders and their items, expenses, tracking codes and proofs. */
  pedidos?: string | undefined;
  /** The customer book. */
  clientes?: string | undefined;
  /** Label quote, issue and cancel. */
  etiquetas?: string | undefined;
  /** The storefront. */
  lojaHub?: string | undefined;
}

/** Options of {@link createFakeApi}. Every field is optional; two fakes built with equal options serve equal data. */
export interface FakeApiOptions {
  /** Number of products in the catalog (`SKU-0001`, `SKU-0002`, ...), 0 to 9999. @default 30 */
  catalogSize?: number | undefined;
  /** Fixed window per token, or `false` to never refuse (the rate headers are then left out). @default { perMinute: 60, windowMs: 60_000 } */
  rateLimit?: FakeRateLimit | false | undefined;
  /**
   * The fake's clock: rate windows, timestamps, Idempotency-Key expiry and the request log read it.
   * Fake timers of vitest/jest work with the default.
   * @default () => new Date()
   */
  now?: (() => Date) | undefined;
  /**
   * Tokens the fake accepts: a list, or a predicate. A `svc_prod_` token is always refused with
   * TOKEN_DE_OUTRO_AMBIENTE, as the fake plays the sandbox.
   * @default any token starting with `svc_sbx_`
   */
  tokens?: readonly string[] | ((token: string) => boolean) | undefined;
  /** Setup of test accounts, by token (a record or a function); tokens not listed get the defaults. */
  accounts?: Readonly<Record<string, FakeAccountOptions>> | ((token: string) => FakeAccountOptions | undefined) | undefined;
  /** Names of the write permissions; none by default, so writes are allowed. */
  writePermissions?: FakeWritePermissions | undefined;
  /**
   * Receives every webhook the fake sends (awaited), with the exact body and headers sent (to hand to a
   * receiver's `handle(body, headers)`). Notices caused by a call are delivered before that call's answer
   * is returned; stock notices after their delay. A throw is recorded in {@link FakeApi.webhooks}, never
   * turned into an API error.
   */
  onWebhook?: FakeWebhookHandler | undefined;
  /** Also POSTs every notice as JSON (`content-type: application/json`, plus the signature when signing is on) here, with the global `fetch`. */
  webhookUrl?: string | URL | undefined;
  /**
   * Sends `null` for every optional field a record lacks, in answers and in webhooks, as a real server
   * does for a field it has no value for (an order made without `referenciaExterna` then carries
   * `"referenciaExterna": null`). Turn it on to prove an integration copes with both forms.
   * @default false
   */
  sendNulls?: boolean | undefined;
  /**
   * Signs every notice by the kit's scheme (header `x-fake-signature`, see `webhookSignatureVerifier`),
   * at the fake's `now`, so a receiver with a real `verify` accepts the fake's notices (give the
   * verifier the same clock when `now` is not the real one). Several secrets (current first) sign
   * each notice with every one, as during a rotation. Not together with `signWebhook`.
   */
  webhookSecret?: WebhookSecrets | undefined;
  /** Signs every notice by your own scheme: returns the headers to add, from the exact body. Not together with `webhookSecret`. */
  signWebhook?: FakeWebhookSigner | undefined;
  /** Drops, duplicates, delays and reorders notices, seeded (see {@link FakeApi.setWebhookFaults}). @default none */
  webhookFaults?: FakeWebhookFaults | undefined;
  /** Delay of produto.estoque_atualizado, merged per product (the spec's "about 1 minute"). @default 60_000 */
  stockWebhookDelayMs?: number | undefined;
  /** Largest request body read, in bytes; a larger one is answered 413 without being buffered. @default 33554432 (32 MiB) */
  maxBodyBytes?: number | undefined;
  /** Requests kept in {@link FakeApi.requests}, the oldest dropped first. @default 1000 */
  maxRecordedRequests?: number | undefined;
  /**
   * Notices kept in {@link FakeApi.webhooks}, the oldest dropped first, so a fake that runs for days
   * (the command line's sandbox) does not grow with every notice it sends. @default 1000
   */
  maxRecordedWebhooks?: number | undefined;
  /**
   * Origin the msw handlers (`mswHandlers(fake)`, `partner-commerce/testing/msw`) intercept (e.g. `https://sandbox.example.test`).
   * @default any origin, for paths starting with `/v1/`
   */
  baseUrl?: string | undefined;
}

/** An in-memory fake of the sandbox API; see {@link createFakeApi}. */
export interface FakeApi {
  /** Answers one request as the sandbox would. Rejects with a TypeError when a drop fault fires. */
  handle(request: Request): Promise<Response>;
  /** A `fetch` that never leaves the process; pass it as the client's `fetch` option. */
  fetch: typeof fetch;
  /** Serves the fake over real HTTP on 127.0.0.1, for clients that cannot take a `fetch`. */
  listen(options?: FakeListenOptions): Promise<FakeServer>;
  /**
   * The requests received, oldest first (the last `maxRecordedRequests`), including those answered by
   * faults or errors. The credential in `authorization` is redacted, whatever its form
   * (`Bearer svc_sbx_[redacted]`, `Basic [redacted]`).
   */
  readonly requests: readonly RecordedRequest[];
  /** The webhooks sent, oldest first (the last `maxRecordedWebhooks`), with delivery errors. */
  readonly webhooks: readonly FakeWebhookDelivery[];
  /**
   * Sends the pending (delayed) stock notices now, and the notices delivery faults hold back (delayed,
   * reordered, duplicates), and waits until every delivery has settled. Dropped notices stay lost.
   */
  flushWebhooks(): Promise<void>;
  /**
   * Turns delivery faults on, changes them, or (with `undefined`) turns them off, for the notices sent
   * from now on; the draws restart from the seed. Notices already held back stay held until due.
   * @throws {InvalidInputError} naming a malformed probability, `delayMs` or `seed`.
   */
  setWebhookFaults(faults: FakeWebhookFaults | undefined): void;
  /**
   * Makes the next `faults.length` requests matching `route` misbehave, one fault each, in order.
   * `route` is a method and a path pattern, e.g. `'GET /v1/produtos/:sku'` or `'GET /v1/produtos'`;
   * a `:name` segment matches any one segment. Later calls add to the queue of the same route.
   * @throws {InvalidInputError} naming a malformed route or fault.
   */
  inject(route: string, faults: readonly Fault[]): void;
  /** Changes the shared catalog as the supplier would, with the spec's product notices (see {@link FakeCatalog}). */
  readonly catalog: FakeCatalog;
}
