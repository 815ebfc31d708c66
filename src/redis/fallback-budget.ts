import type { RateBudgetState, RateSettlement, RateTake } from '../transport/rate-limit/budget-store.js';
import { capServerWait, serverWaitMs } from '../transport/server-wait.js';

/** What the window in progress had left when Redis was last heard from (or an answer said since). */
export interface KnownWindow {
  /** Calls the server would still take in its window, for the whole partner. */
  readonly remaining: number;
  /** When that window ends (epoch ms, this machine's clock). */
  readonly until: number;
}

/** Options of {@link FallbackBudget}, already checked. */
export interface FallbackBudgetOptions {
  /** Calls per window for the whole partner. */
  readonly limit: number;
  readonly windowMs: number;
  /** How many processes share the budget: each may spend 1/share of it. */
  readonly share: number;
  /** The window in progress, when known: this process then spends its share of what it has left. */
  readonly known: KnownWindow | undefined;
  readonly now: number;
}

/** Pause after a 429 that says neither Retry-After nor Reset. */
const DEFAULT_PAUSE_MS = 1_000;

/**
 * @internal The budget of one process while Redis is unreachable. Every process falls back on its
 * own, without talking to the others, so each keeps to `1/share` of what the server would take:
 * `floor(remaining / share)` of the window already in progress (not a fresh full window, which every
 * process would spend at once), then `floor(limit / share)` per window after it. The shares of
 * processes that agree on `share` never add up to more than the budget. Answers that arrive meanwhile
 * only lower the allowance (`floor(Remaining / share)`) and move the window's end to the server's.
 */
export class FallbackBudget {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #share: number;
  #windowEnd: number;
  #left: number;
  #pausedUntil = 0;
  #tickets = 0;

  constructor(options: FallbackBudgetOptions) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
    this.#share = Math.max(1, options.share);
    const known = options.known !== undefined && options.known.until > options.now ? options.known : undefined;
    this.#windowEnd = known?.until ?? options.now + options.windowMs;
    this.#left = Math.floor((known?.remaining ?? options.limit) / this.#share);
  }

  /** Calls per window this process may start, once the window in progress is over. */
  get perWindow(): number {
    return Math.floor(this.#limit / this.#share);
  }

  /** Calls this process may still start before the current window ends. */
  get left(): number {
    return this.#left;
  }

  /** When the current window ends (epoch ms). */
  get windowEnd(): number {
    return this.#windowEnd;
  }

  tryTake(now: number): RateTake {
    if (now < this.#pausedUntil) return { granted: false, retryAt: this.#pausedUntil, reason: 'paused' };
    this.#roll(now);
    if (this.#left <= 0) return { granted: false, retryAt: this.#windowEnd, reason: 'window' };
    this.#left--;
    return { granted: true, ticket: ++this.#tickets };
  }

  settle(settlement: RateSettlement, now: number): void {
    // A call never sent, or refused with 429, did not count (the spec): its slot comes back.
    if (settlement.kind === 'unsent') return void this.#left++;
    if (settlement.kind !== 'answered') return;
    const obs = settlement.observation;
    if (obs.status === 429) {
      this.#pausedUntil = Math.max(this.#pausedUntil, now + capServerWait(serverWaitMs(obs) ?? DEFAULT_PAUSE_MS, this.#windowMs));
      this.#left = 0;
      return;
    }
    const end = obs.resetMs === undefined ? undefined : now + capServerWait(obs.resetMs, this.#windowMs);
    // An answer about a window already over (a slow call) says nothing about this one.
    if (end !== undefined && end <= now) return;
    if (end !== undefined) this.#windowEnd = end;
    if (obs.remaining !== undefined) this.#left = Math.min(this.#left, Math.floor(obs.remaining / this.#share));
  }

  snapshot(now: number): RateBudgetState {
    this.#roll(now);
    const pausedUntil = now < this.#pausedUntil ? this.#pausedUntil : undefined;
    return { limit: this.perWindow, remaining: pausedUntil === undefined ? Math.max(0, this.#left) : 0, resetAt: this.#windowEnd, pausedUntil, source: 'fallback' };
  }

  #roll(now: number): void {
    if (now < this.#windowEnd) return;
    // A new server window began at the end of the last one known; until an answer tells its end, it is
    // assumed to last a full window from now (later than the truth, so never a second share in it).
    this.#windowEnd = now + this.#windowMs;
    this.#left = this.perWindow;
  }
}
