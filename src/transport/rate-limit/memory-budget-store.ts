import type { RateBudgetSource, RateBudgetState, RateBudgetStore, RateSettlement, RateTake, RateTicket } from './budget-store.js';
import { hasNoRateHeaders, type RateLimitObservation } from './observation.js';
import { StartLog } from './start-log.js';
import { capServerWait, serverWaitMs } from '../server-wait.js';

/** Options of {@link MemoryBudgetStore}, already checked (positive integer, positive ms). */
export interface MemoryBudgetStoreOptions {
  /** Calls that may start in any `windowMs`. */
  readonly perMinute: number;
  /** Length of the local window in ms. */
  readonly windowMs: number;
}

/** Pause after a 429 that gives neither Retry-After nor Reset: short, because a probe follows it. */
const FALLBACK_PAUSE_MS = 1000;

/**
 * The default budget store: one budget per process, kept in memory.
 *
 * Within a server window Remaining only falls, so the lowest Remaining seen is the freshest one and
 * a higher value is a stale answer overtaken by later ones: it never raises the budget. A call whose
 * answer has arrived is already inside that lowest value (its own Remaining was produced after the
 * server counted it, and cannot be below the lowest), so only calls still in flight, and calls that
 * ended without a usable answer, are subtracted from it. After the window ends, nothing is known about
 * the next one (other integrations of the partner may have used it), so one probe call goes first.
 */
export class MemoryBudgetStore implements RateBudgetStore {
  readonly #configured: number;
  readonly #windowMs: number;
  readonly #starts: StartLog;
  #source: RateBudgetSource = 'probing';
  #serverLimit: number | undefined;
  #remaining = 0;
  #windowEnd = 0;
  #pausedUntil = 0;
  #inFlight = 0;
  /** One scale for ticket starts and call ends, to tell which ended before another started. */
  #clock = 0;
  /** First ticket whose answer may describe the current window; older ones may describe the last. */
  #epoch = 1;
  #probe: number | undefined;
  /** When a probe whose permit was never released stops blocking the others. */
  #probeGiveUpAt = 0;
  /** End stamps of calls that may count in this window although no answer showed it yet. */
  #unseen: number[] = [];
  /** When each ticket not yet settled started, so a start that did not count can be taken back. */
  readonly #startedAt = new Map<number, number>();

  constructor(options: MemoryBudgetStoreOptions) {
    this.#configured = options.perMinute;
    this.#windowMs = options.windowMs;
    this.#starts = new StartLog(options.perMinute, options.windowMs);
  }

  async tryTake(now: number): Promise<RateTake> {
    if (now < this.#pausedUntil) return { granted: false, retryAt: this.#pausedUntil, reason: 'paused' };
    if (this.#source === 'server' && now >= this.#windowEnd) this.#startProbing();
    const localFreeAt = this.#starts.blockedUntil(now);
    if (localFreeAt !== undefined) return { granted: false, retryAt: localFreeAt, reason: 'window' };
    if (this.#source === 'probing') {
      if (this.#probe !== undefined && now < this.#probeGiveUpAt) return { granted: false, retryAt: this.#probeGiveUpAt, reason: 'probe' };
      const ticket = this.#grant(now);
      this.#probe = ticket;
      this.#probeGiveUpAt = now + this.#windowMs;
      return { granted: true, ticket };
    }
    if (this.#source === 'server' && this.#serverAvailable() <= 0) return { granted: false, retryAt: this.#windowEnd, reason: 'server' };
    return { granted: true, ticket: this.#grant(now) };
  }

  async settle(given: RateTicket, settlement: RateSettlement, now: number): Promise<void> {
    // This store only hands out numbers; anything else was never its ticket.
    const ticket = typeof given === 'number' ? given : Number.NaN;
    if (this.#inFlight > 0) this.#inFlight--;
    if (ticket === this.#probe) this.#probe = undefined;
    const ended = ++this.#clock;
    const startedAt = this.#startedAt.get(ticket);
    this.#startedAt.delete(ticket);
    // Neither a call never sent nor one refused with 429 counts (the spec: refused calls do not count).
    const counted = !(settlement.kind === 'unsent' || (settlement.kind === 'answered' && settlement.observation.status === 429));
    if (!counted && startedAt !== undefined) this.#starts.forget(startedAt);
    if (settlement.kind === 'unsent') return;
    if (settlement.kind === 'unanswered') return this.#unseenCall(ended);
    const obs = settlement.observation;
    if (obs.limit !== undefined) this.#serverLimit = obs.limit;
    if (obs.status === 429) return this.#refused(obs, ticket, now);
    if (hasNoRateHeaders(obs)) {
      // A 5xx without headers is more likely a proxy's page than proof that the API omits them.
      if (this.#source === 'probing' && obs.status < 500) this.#source = 'local';
      else this.#unseenCall(ended);
      return;
    }
    // A Reset beyond the cap is a lying header: believing it would freeze the token for years.
    const end = obs.resetMs === undefined ? undefined : now + capServerWait(obs.resetMs, this.#windowMs);
    if (obs.remaining === undefined || ticket < this.#epoch || (end !== undefined && end <= now)) {
      return this.#unseenCall(ended);
    }
    this.#forgetUnseenBefore(ticket);
    if (this.#source === 'server') {
      this.#remaining = Math.min(this.#remaining, obs.remaining);
      if (end !== undefined) this.#windowEnd = Math.min(this.#windowEnd, end);
    } else {
      this.#source = 'server';
      this.#remaining = obs.remaining;
      this.#windowEnd = end ?? now + this.#windowMs;
    }
  }

  async snapshot(now: number): Promise<RateBudgetState> {
    const source = this.#source === 'server' && now >= this.#windowEnd ? 'probing' : this.#source;
    const pausedUntil = now < this.#pausedUntil ? this.#pausedUntil : undefined;
    const local = this.#starts.available(now);
    let remaining: number | undefined;
    if (source !== 'probing') {
      remaining = pausedUntil !== undefined ? 0 : source === 'server' ? Math.max(0, Math.min(local, this.#serverAvailable())) : local;
    }
    return {
      limit: Math.min(this.#configured, this.#serverLimit ?? Number.POSITIVE_INFINITY),
      remaining,
      resetAt: source === 'server' ? this.#windowEnd : undefined,
      pausedUntil,
      source,
    };
  }

  #grant(now: number): number {
    this.#inFlight++;
    this.#starts.record(now);
    const ticket = ++this.#clock;
    this.#startedAt.set(ticket, now);
    return ticket;
  }

  #serverAvailable(): number {
    return this.#remaining - this.#inFlight - this.#unseen.length;
  }

  #startProbing(): void {
    this.#source = 'probing';
    this.#epoch = this.#clock + 1;
    this.#probe = undefined;
  }

  #refused(obs: RateLimitObservation, ticket: number, now: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, now + capServerWait(serverWaitMs(obs) ?? FALLBACK_PAUSE_MS, this.#windowMs));
    // A refusal of a call sent before the current window began says nothing about this window's budget.
    if (ticket >= this.#epoch) this.#startProbing();
  }

  #unseenCall(ended: number): void {
    // Without server headers there is no server figure to subtract it from.
    if (this.#source !== 'local') this.#unseen.push(ended);
  }

  /** Calls that ended before `ticket` started reached the server before it, so its answer counts them. */
  #forgetUnseenBefore(ticket: number): void {
    let n = 0;
    while (n < this.#unseen.length && this.#unseen[n]! < ticket) n++;
    if (n > 0) this.#unseen.splice(0, n);
  }
}
