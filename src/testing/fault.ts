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
  /**
   * Run the request first — the server applies it (an order is created, an Idempotency-Key remembers its
   * answer, notices go out) — then drop the connection, so the caller never hears the answer: the lost
   * answer a durable outbox must survive. @default false (dropped before anything runs)
   */
  afterApplying?: boolean | undefined;
}

/** One injected misbehaviour, consumed by one matching request. */
export type Fault = FaultAnswer | FaultDelay | FaultDrop;
