import type { RateLimitObservation } from './observation.js';

/** A value now, or later: the in-memory store answers synchronously, a networked one cannot. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Answer of {@link RateBudgetStore.tryTake}. A granted take carries the ticket to settle later; a
 * refused one says when the budget may have changed by itself (`retryAt`, epoch ms). The limiter
 * asks again at that time and after every release; `undefined` means only a release of this process
 * can change it, so a store shared between processes should always give a time.
 */
export type RateTake =
  | { readonly granted: true; readonly ticket: number }
  | { readonly granted: false; readonly retryAt: number | undefined };

/**
 * How a call that held a ticket ended. The three cases count differently: an answer says what the
 * server counted, a call without an answer may or may not have reached the server (so it is assumed
 * to count), and a ticket handed back unused never left the process.
 */
export type RateSettlement =
  | { readonly kind: 'answered'; readonly observation: RateLimitObservation }
  | { readonly kind: 'unanswered' }
  | { readonly kind: 'unsent' };

/**
 * Where the current budget comes from: `probing` (nothing known yet, or a window ended; one call
 * goes to learn it), `server` (the rate headers of answers), `local` (the server sends no rate
 * headers, so only the configured limit applies).
 */
export type RateBudgetSource = 'probing' | 'server' | 'local';

/** The store's view of the budget, for logs and metrics. */
export interface RateBudgetState {
  /** Calls per window in force: the configured limit, or the server's when it is lower. */
  readonly limit: number;
  /** Calls that may start now; undefined while probing (the budget is not known yet). */
  readonly remaining: number | undefined;
  /** When the server window is expected to end (epoch ms); undefined unless the source is `server`. */
  readonly resetAt: number | undefined;
  /** Set while every call is held after a 429 (epoch ms). */
  readonly pausedUntil: number | undefined;
  /** Where the budget comes from. */
  readonly source: RateBudgetSource;
}

/**
 * The budget arithmetic behind a {@link RateLimiter}, kept apart so that several processes can
 * share one budget through a networked store (Redis) without the limiter or the pipeline changing.
 * The limiter calls `tryTake` for one caller at a time, in FIFO order, and `settle` exactly once per
 * granted ticket. Methods may answer synchronously; the limiter's fast path relies on that for the
 * in-memory store, and falls back to awaiting when a promise comes back. Failures should come back
 * as rejected promises, not throws: a rejected take fails the waiting caller, a rejected settle is
 * ignored (the call it ends has already succeeded or failed on its own).
 */
export interface RateBudgetStore {
  /** Takes one call from the budget if the budget allows it now. */
  tryTake(now: number): MaybePromise<RateTake>;
  /** Returns a ticket and corrects the budget with what the call's answer (if any) said. */
  settle(ticket: number, settlement: RateSettlement, now: number): MaybePromise<void>;
  /** Current view of the budget; must not change it (logging calls it at any time). */
  snapshot(now: number): RateBudgetState;
}
