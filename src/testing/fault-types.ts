/** How many calls a token may make per window before the fake answers 429 LIMITE_EXCEDIDO. */
export interface FakeRateLimit {
  /** Calls accepted per window. */
  limit: number;
  /** Length of the fixed window, in milliseconds; it starts at the first counted call. */
  windowMs: number;
}

/** One request as the fake received it, so tests can count attempts and read what was sent. */
export interface RecordedRequest {
  /** HTTP method, upper case. */
  method: string;
  /** Path and query exactly as received (still percent-encoded), e.g. `/v1/produtos?limite=10`. */
  path: string;
  /** Request headers with lower-case names. */
  headers: Record<string, string>;
  /** Body text; empty when there was none. */
  body: string;
  /** When the fake received it, by the fake's clock. */
  at: Date;
}

/** Answer with this status instead of running the route (the call does not count for the rate limit). */
export interface FaultAnswer {
  /** HTTP status to answer. */
  status: number;
  /** Error code for the standard error body. @default one fitting the status, e.g. ERRO_INTERNO for 500 */
  codigo?: string | undefined;
  /** Headers added to (or replacing) the standard ones, e.g. `{ 'Retry-After': '2' }` for a 429. */
  headers?: Record<string, string> | undefined;
  /** Body to send instead of the standard error body: a string is sent as is, anything else as JSON. */
  body?: unknown;
  /** Wait this long before answering. */
  delayMs?: number | undefined;
}

/** Wait, then answer normally: for testing timeouts and slow servers. */
export interface FaultDelay {
  /** Milliseconds to wait before the route runs; the request's abort signal cuts the wait short. */
  delayMs: number;
}

/** Drop the connection: `fetch` rejects with a TypeError, the HTTP server destroys the socket, msw answers a network error. */
export interface FaultDrop {
  /** Marks the fault as a dropped connection. */
  drop: true;
  /** Wait this long before dropping. */
  delayMs?: number | undefined;
}

/** One injected misbehaviour, consumed by one matching request. */
export type Fault = FaultAnswer | FaultDelay | FaultDrop;

/** Options of {@link FakeApi.listen}. */
export interface FakeListenOptions {
  /** Port on 127.0.0.1. @default 0 (any free port) */
  port?: number | undefined;
}

/** A running HTTP server in front of the fake. */
export interface FakeServer {
  /** Base address to give the client, e.g. `http://127.0.0.1:54321` (no trailing slash). */
  url: string;
  /** Stops accepting calls, ends open connections and frees the port. */
  close(): Promise<void>;
}
