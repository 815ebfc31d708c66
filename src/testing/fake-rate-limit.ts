/** How many calls a token may make per window before the fake answers 429 LIMITE_EXCEDIDO. */
export interface FakeRateLimit {
  /** Calls accepted per window (named as the client's `rateLimit.perMinute`; per minute with the default window). */
  perMinute: number;
  /** Length of the fixed window, in milliseconds; it starts at the first counted call. @default 60_000 */
  windowMs?: number | undefined;
}
