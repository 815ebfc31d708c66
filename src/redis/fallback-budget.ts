import type { RateBudgetState, RateSettlement, RateTake } from '../transport/rate-limit/budget-store.js';
import { StartLog } from '../transport/rate-limit/start-log.js';
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
  /** The client's own window (ms): `limit` calls may start in any span this long. */
  readonly windowMs: number;
  /** How many processes share the budget: each may spend 1/share of it. */
  readonly share: number;
  /** The window in progress, when known: this process then spends its share of what it has left. */
  readonly known: KnownWindow | undefined;
  readonly now: number;
}

/** This process's share of the server window in progress: calls it may still start before `until`. */
export interface ServerShare {
  /** `floor(remaining / share)` as last said, less this process's calls started since. */
  readonly left: number;
  /** When the server's window ends (epoch ms). */
  readonly until: number;
}

/** Pause after a 429 that says neither Retry-After nor Reset. */
const DEFAULT_PAUSE_MS = 1_000;
/**
 * Two answers of one server window can name ends a second or more apart: Reset is in whole seconds,
 * and is counted from when the answer arrived, so a slow call's end comes out later. Taking such an
 * answer for the next window would hand this process a second share of one window, so only an end
 * later by more than this (at least half a client window) counts as the next one; taking the next
 * window for the same one only holds calls until its end, the safe way to be wrong.
 */
const sameWindowSlackMs = (windowMs: number): number => Math.max(1_000, windowMs / 2);

/**
 * @internal The budget of one process while Redis is unreachable. Every process falls back on its
 * own, without talking to the others, so each keeps to `1/share` of what the server would take, by
 * two bounds that both hold:
 *
 * - **The client's window.** At most `floor(limit / share)` calls start in any `windowMs` (a sliding
 *   window, as the in-memory limiter's), whatever the server has left: never the full rate.
 * - **The server's window.** At most `floor(remaining / share)` of what the server window in progress
 *   has left, spent once across every client window until the server's reset (not a fresh share per
 *   client window, nor a fresh full window, which every process would spend at once). Within that
 *   window an answer only lowers it; an answer of the next window (the known one ended, or its end is
 *   later by more than half a client window) sets it anew. While no server window is known, only the
 *   client's bound applies.
 *
 * So a long reset with plenty left (Reset 60, Remaining 999) never throttles below the client's own
 * rate ÷ share, and the shares of processes that agree on `share` never add up to more than the
 * server's remaining nor the client's limit per window. A 429 pauses it (bounded) and spends the
 * server share until the reset the 429 names, or the pause's end.
 */
export class FallbackBudget {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #share: number;
  readonly #slackMs: number;
  readonly #starts: StartLog;
  /** Start time of each granted ticket not yet settled, so a start that did not count can be taken back. */
  readonly #startedAt = new Map<number, number>();
  #server: { left: number; until: number } | undefined;
  #pausedUntil = 0;
  #tickets = 0;

  constructor(options: FallbackBudgetOptions) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
    this.#share = Math.max(1, options.share);
    this.#slackMs = sameWindowSlackMs(options.windowMs);
    this.#starts = new StartLog(this.perWindow, options.windowMs);
    const known = options.known !== undefined && options.known.until > options.now ? options.known : undefined;
    if (known !== undefined) this.#server = { left: Math.floor(known.remaining / this.#share), until: known.until };
  }

  /** Calls this process may start in any client window (`floor(limit / share)`). */
  get perWindow(): number {
    return Math.floor(this.#limit / this.#share);
  }

  /** This process's share of the server window in progress at `now`; undefined while none is known. */
  serverShare(now: number): ServerShare | undefined {
    this.#expire(now);
    return this.#server === undefined ? undefined : { ...this.#server };
  }

  /** Calls this process may start at `now`: what both the client's window and the server's share allow. */
  leftAt(now: number): number {
    this.#expire(now);
    const client = this.#starts.available(now);
    return Math.max(0, Math.min(client, this.#server?.left ?? client));
  }

  /** Takes one call if both bounds allow it now; a refusal names when the one (or both) holding it frees. */
  tryTake(now: number): RateTake {
    if (now < this.#pausedUntil) return { granted: false, retryAt: this.#pausedUntil, reason: 'paused' };
    this.#expire(now);
    // A limit below the share leaves this process no call per window (more would add up to more than the
    // limit); it asks again after a window, when the store may find Redis back.
    const clientFreeAt = this.perWindow === 0 ? now + this.#windowMs : this.#starts.blockedUntil(now);
    const serverFreeAt = this.#server !== undefined && this.#server.left <= 0 ? this.#server.until : undefined;
    if (serverFreeAt !== undefined) return { granted: false, retryAt: Math.max(serverFreeAt, clientFreeAt ?? 0), reason: 'server' };
    if (clientFreeAt !== undefined) return { granted: false, retryAt: clientFreeAt, reason: 'window' };
    this.#starts.record(now);
    if (this.#server !== undefined) this.#server.left--;
    const ticket = ++this.#tickets;
    this.#startedAt.set(ticket, now);
    return { granted: true, ticket };
  }

  /** Corrects the budget with how the call of `ticket` ended (`ticket` finds when that call started). */
  settle(settlement: RateSettlement, now: number, ticket: number): void {
    const startedAt = this.#startedAt.get(ticket);
    this.#startedAt.delete(ticket);
    this.#expire(now);
    // A call never sent, or refused with 429, did not count (the spec): its slots come back.
    if (settlement.kind === 'unsent') return this.#giveBack(startedAt);
    if (settlement.kind !== 'answered') return;
    const obs = settlement.observation;
    if (obs.status === 429) {
      this.#giveBack(startedAt);
      this.#pausedUntil = Math.max(this.#pausedUntil, now + capServerWait(serverWaitMs(obs) ?? DEFAULT_PAUSE_MS, this.#windowMs));
      // Nothing is left in the server's window: nothing goes until it ends (its reset, when the 429
      // says it), and not before the pause does.
      const resetAt = obs.resetMs === undefined ? 0 : now + capServerWait(obs.resetMs, this.#windowMs);
      this.#server = { left: 0, until: Math.max(this.#pausedUntil, resetAt) };
      return;
    }
    const end = obs.resetMs === undefined ? undefined : now + capServerWait(obs.resetMs, this.#windowMs);
    // An answer about a window already over (a slow call) says nothing about this one.
    if (end !== undefined && end <= now) return;
    const server = this.#server;
    if (obs.remaining === undefined) {
      if (server !== undefined && end !== undefined && end <= server.until + this.#slackMs) server.until = end;
      return;
    }
    // Calls of this process still in flight are not in the server's count yet.
    const share = Math.floor(obs.remaining / this.#share) - this.#startedAt.size;
    if (server !== undefined && (end === undefined || end <= server.until + this.#slackMs)) {
      // Within one window Remaining only falls: a higher share is a stale answer, or the share of a
      // process that spent less than its own, and taking it would let this process spend more than 1/share.
      server.left = Math.min(server.left, share);
      if (end !== undefined) server.until = end;
      return;
    }
    // The server's next window (or the first one heard of): a fresh share of what it has left. Without
    // a Reset it is assumed to last a full client window from now.
    this.#server = { left: share, until: end ?? now + this.#windowMs };
  }

  /** The budget as logs and metrics see it; `resetAt` is the server window's end, when one is known. */
  snapshot(now: number): RateBudgetState {
    const paused = now < this.#pausedUntil;
    const left = this.leftAt(now);
    return { limit: this.perWindow, remaining: paused ? 0 : left, resetAt: this.#server?.until, pausedUntil: paused ? this.#pausedUntil : undefined, source: 'fallback' };
  }

  /** Once the server's window has ended, what it had left says nothing about the next one. */
  #expire(now: number): void {
    if (this.#server !== undefined && now >= this.#server.until) this.#server = undefined;
  }

  #giveBack(startedAt: number | undefined): void {
    if (startedAt === undefined) return;
    this.#starts.forget(startedAt);
    if (this.#server !== undefined) this.#server.left++;
  }
}
