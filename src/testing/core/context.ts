import type { AccountState, FakeState } from './state.js';

/** What a route sees of the request and of the fake. Auth and rate limit have already passed. */
export interface RouteContext {
  /** Decoded `:name` path segments. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: Headers;
  /** Body text, read once by the pipeline; empty when none. */
  readonly body: string;
  /** State of the calling token's test account. */
  readonly account: AccountState;
  /** State shared by all accounts (the catalog, like the real sandbox). */
  readonly state: FakeState;
  /** The fake's clock at the time of the request. */
  readonly now: Date;
}

/** A successful answer; the pipeline adds request id, content type and rate headers. */
export interface RouteResult {
  status: number;
  /** Sent as JSON; leave out for an empty body (204). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** 200 with a JSON body. */
export function ok(body: unknown): RouteResult {
  return { status: 200, body };
}
