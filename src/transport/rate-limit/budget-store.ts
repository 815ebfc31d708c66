import type { RateLimitObservation } from './observation.js';
import type { RatePriority } from './priority.js';

/**
 * Answer of {@link RateBudgetStore.tryTake}. A granted take carries the ticket to settle later; a
 * refused one says when the budget may have changed by itself (`retryAt`, epoch ms). The limiter
 * asks again at that time and after every release; `undefined` means only a release of this process
 * can change it, so a store shared between processes should always give a time.
 */
export type RateTake = { readonly granted: true; readonly ticket: RateTicket } | { readonly granted: false; readonly retryAt: number | undefined; readonly reason?: RateWaitReason | undefined };

/** A granted call, as the store names it: a number in memory, a string in a shared store. */
export type RateTicket = number | string;

/**
 * Why a take was refused, for the limiter's debug line: the local window is full (`window`), the
 * server's budget is spent (`server`), everyone is held after a 429 (`paused`), one call is probing
 * a new window (`probe`), a more urgent call waits (`priority`), or other processes' callers of the
 * same priority came first (`queue`).
 */
export type RateWaitReason = 'window' | 'server' | 'paused' | 'probe' | 'priority' | 'queue';

/** Who asks for budget: the head caller of one priority in one limiter. */
export interface RateTakeRequest {
  /** Priority of the caller. */
  readonly priority: RatePriority;
  /**
   * Stable while the same caller asks again, unique across processes: a shared store keeps callers
   * of one priority in line by it, so that processes are served fairly.
   */
  readonly waiterId: string;
}

/**
 * How a call that held a ticket ended. The three cases count differently: an answer says what the
 * server counted, a call without an answer may or may not have reached the server (so it is assumed
 * to count), and a ticket handed back unused never left the process.
 */
export type RateSettlement = { readonly kind: 'answered'; readonly observation: RateLimitObservation } | { readonly kind: 'unanswered' } | { readonly kind: 'unsent' };

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
  readonly source: RateBudgetSource | 'fallback';
  /**
   * Callers waiting per priority in every process sharing the store, when the store knows them (a
   * shared store does; the in-memory store leaves this out and the limiter counts its own).
   */
  readonly waiting?: Readonly<Record<RatePriority, number>> | undefined;
}

/**
 * The budget arithmetic behind a {@link RateLimiter}, kept apart so that several processes can
 * share one budget through a networked store (Redis) without the limiter or the pipeline changing.
 * The limiter calls `tryTake` for one caller at a time (the most urgent, longest-waiting one), and
 * `settle` exactly once per granted ticket. Every answer is a promise, the in-memory store's too: one
 * shape for every store, at a cost per call measured in bench/README.md ("Rate limiting, one
 * registry"). A rejected take fails the waiting caller; a rejected settle is ignored (the call it
 * ends has already succeeded or failed).
 */
export interface RateBudgetStore {
  /** Takes one call from the budget if the budget allows it now for this caller. */
  tryTake(now: number, request: RateTakeRequest): Promise<RateTake>;
  /** Returns a ticket and corrects the budget with what the call's answer (if any) said. */
  settle(ticket: RateTicket, settlement: RateSettlement, now: number): Promise<void>;
  /** Current view of the budget; must not change it (logging calls it at any time). */
  snapshot(now: number): Promise<RateBudgetState>;
  /** Ends what the store holds (a connection it opened); the limiter calls it on close. */
  close?(): Promise<void>;
}
