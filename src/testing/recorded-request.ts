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
