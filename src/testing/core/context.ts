import type { Account } from '../state/account.js';
import type { FakeEventKind, WireDados } from '../webhooks/wire-types.js';
import type { FakeState } from './state.js';

/** What a route sees of the request and of the fake. Auth, rate limit and permission have already passed. */
export interface RouteContext {
  /** The matched route pattern, e.g. `'POST /v1/pedidos'` (idempotency keys are kept per route). */
  readonly route: string;
  /** Decoded `:name` path segments. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: Headers;
  /** Body text, read once by the pipeline; empty when none. */
  readonly body: string;
  /** Body bytes, for multipart uploads. */
  readonly bodyBytes: Uint8Array<ArrayBuffer>;
  /** State of the calling token's test account. */
  readonly account: Account;
  /** State shared by all accounts (the catalog, like the real sandbox). */
  readonly state: FakeState;
  /** The fake's clock at the time of the request. */
  readonly now: Date;
  /**
   * Queues a webhook for the calling account. The pipeline delivers the queue only when the route
   * succeeds, so a refused request never emits anything.
   */
  emit<K extends FakeEventKind>(evento: K, dados: WireDados<K>): void;
  /** Notes a stock change of a product: its produto.estoque_atualizado is delayed and merged per product. */
  stockChanged(sku: string): void;
}

/** A successful answer; the pipeline adds request id, content type and rate headers. */
export interface RouteResult {
  status: number;
  /** Sent as JSON (a string is sent as it is); leave out for an empty body (204). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Runs one route. Throw a FakeApiError to answer with an error. */
export type RouteHandler = (context: RouteContext) => RouteResult | Promise<RouteResult>;

/** 200 with a JSON body. */
export function ok(body: unknown): RouteResult {
  return { status: 200, body };
}

/** 201 with the created record. */
export function created(body: unknown): RouteResult {
  return { status: 201, body };
}

/** 204, no body. */
export function noContent(): RouteResult {
  return { status: 204 };
}
