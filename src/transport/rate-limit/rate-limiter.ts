import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { PartnerCommerceError } from '../../errors/partner-commerce-error.js';
import { MAX_TIMER_MS } from '../../internal/sleep.js';
import type { RateBudgetState, RateBudgetStore, RateSettlement, RateTake, RateTicket, RateWaitReason } from './budget-store.js';
import { isResolved, resolveRateLimiterOptions, type RateLimiterOptions } from './limiter-options.js';
import { MemoryBudgetStore } from './memory-budget-store.js';
import type { RateLimitObservation } from './observation.js';
import { DEFAULT_PRIORITY, RATE_PRIORITIES, priorityRank as rank, type RatePriority } from './priority.js';
import { WaiterQueue, type Waiter } from './waiter-queue.js';
import { optionNames, refuseUnknownOptions } from '../../errors/check-options.js';

/** The right to send one attempt; give it back as soon as the answer (or the failure) is known. */
export interface RateLimitPermit {
  /**
   * Ends the attempt, counted as possibly spent (the client's own calls also hand the limiter what
   * each answer's rate headers said). Calling it again does nothing.
   */
  release(): void;
  /**
   * Ends the attempt as never sent (the connection was refused before any byte left): its slot goes
   * back to the budget at once. Calling it after `release` (or again) does nothing.
   */
  giveBack(): void;
}

/** The window each limiter was made with: kept off the class, so its public shape stays as it is. */
const WINDOWS = new WeakMap<RateLimiter, number>();

/**
 * @internal The budget a limiter holds its callers to: calls per window in force (the server's when it
 * told a lower one), the window's length, and whether the server's rate headers set it. For callers that
 * pace themselves within a share of the budget (the mirror's audit).
 */
export async function limiterBudget(limiter: RateLimiter): Promise<{ limit: number; windowMs: number; source: 'server' | 'client' }> {
  const state = await limiter.state();
  return { limit: state.limit, windowMs: WINDOWS.get(limiter) ?? 60_000, source: state.source === 'server' ? 'server' : 'client' };
}

/** Where a limiter's own permits keep the release that takes an answer's rate headers. */
const ANSWERED = Symbol('release with observation');

/**
 * @internal Ends the attempt with what its answer said about the budget (`undefined`: no answer came).
 * The pipeline's release: the headers are the SDK's to read, so the public `release()` takes none.
 */
export function releaseWith(permit: RateLimitPermit, observation: RateLimitObservation | undefined): void {
  const answered = (permit as { [ANSWERED]?: (observation: RateLimitObservation | undefined) => void })[ANSWERED];
  if (answered) answered(observation);
  else permit.release();
}

/**
 * State of a limiter, readable from any process that shares its store: the budget, and who waits
 * for it per priority (in every process when the store is shared, else in this one).
 */
export interface RateLimiterState extends Omit<RateBudgetState, 'waiting'> {
  /** Permits of this limiter not yet released. */
  readonly inFlight: number;
  /** Callers waiting per priority: everywhere for a shared store, else in this process. */
  readonly waiting: Readonly<Record<RatePriority, number>>;
  /** Callers of this limiter (this process) waiting per priority. */
  readonly waitingHere: Readonly<Record<RatePriority, number>>;
}

/** What {@link RateLimiter.acquire} reports when a caller has to wait: one line per wait. */
export interface RateLimitWait {
  readonly priority: RatePriority;
  /** Why: the store's reason, or `queue` when callers of this process came first. */
  readonly reason: RateWaitReason;
  /** The store's estimate of the wait in ms, when it gave one. */
  readonly estimatedMs: number | undefined;
}

const ACQUIRE_OPTION_NAMES = optionNames<AcquireOptions>({ signal: 1, priority: 1, onWait: 1 });

/** Per-call choices of {@link RateLimiter.acquire}. */
export interface AcquireOptions {
  /** Aborting it rejects the wait at once with `signal.reason`; nothing is taken from the budget. */
  signal?: AbortSignal | undefined;
  /** @default 'normal' */
  priority?: RatePriority | undefined;
  /** Called once if the caller has to wait, with the reason (the pipeline logs it at debug level). */
  onWait?: ((wait: RateLimitWait) => void) | undefined;
}

const BRAND = Symbol.for('partner-commerce.RateLimiter');
const UNANSWERED: RateSettlement = { kind: 'unanswered' };
const UNSENT: RateSettlement = { kind: 'unsent' };
let limiterCount = 0;

/**
 * Client-side rate limiter: holds each attempt until the partner's budget allows it, so calls wait
 * in the process instead of earning 429s. Hand the same instance to several clients to make them
 * share one budget; give it a shared store (Redis) to share it across processes. Waiting callers are
 * served most urgent priority first, then first come, first served. Nothing runs until the first
 * `acquire()`, and its only timer exists while a caller waits for budget (that caller is awaiting
 * it, so the process must stay up until it is served); an idle limiter never keeps a process alive.
 *
 * @example
 * const limiter = new RateLimiter({ perMinute: 60 });
 * const a = new PartnerCommerce({ token, rateLimit: limiter });
 * const b = new PartnerCommerce({ token, rateLimit: limiter });
 */
export class RateLimiter {
  readonly #store: RateBudgetStore;
  readonly #queues: Record<RatePriority, WaiterQueue<RateLimitPermit, RateLimitWait>>;
  /** Names the head caller of each priority to the store; a new name once that caller is served. */
  readonly #waiterBase = `${(globalThis as { process?: { pid?: number } }).process?.pid ?? 0}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${++limiterCount}`;
  readonly #served: Record<RatePriority, number> = { interactive: 0, normal: 0, bulk: 0 };
  /** A take is being asked; takes stay one at a time so the line keeps its order. */
  #busy = false;
  /** The store refused the last take: callers arriving now wait behind the line. */
  #blocked = false;
  /** Priority of the head the take in progress is for. */
  #asked: RatePriority = DEFAULT_PRIORITY;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #wakeAt = Number.POSITIVE_INFINITY;
  /** Priority of the head the armed timer is for; a more urgent arrival asks the store at once. */
  #waitingFor: RatePriority | undefined;
  #inFlight = 0;
  #closed: Promise<void> | undefined;

  /** @throws InvalidInputError naming `rateLimit.perMinute`, `rateLimit.windowMs`, `rateLimit.store` or `rateLimit.redis`. */
  constructor(options?: RateLimiterOptions) {
    // Options the client's registry resolved already are not checked a second time.
    const { perMinute, windowMs, store, redis } = isResolved(options) ? options : resolveRateLimiterOptions(options);
    if (redis !== undefined) {
      // Opening Redis lives in partner-commerce/redis, which this entry does not load.
      throw new InvalidInputError({ path: 'rateLimit.redis', message: 'is taken by the client only: share a budget through Redis with new PartnerCommerce({ rateLimit: { redis, key } })' });
    }
    this.#store = store ?? new MemoryBudgetStore({ perMinute, windowMs });
    WINDOWS.set(this, windowMs);
    const onAbandon = () => {
      if (this.#size() === 0) this.#clearWake();
    };
    this.#queues = { interactive: new WaiterQueue(onAbandon), normal: new WaiterQueue(onAbandon), bulk: new WaiterQueue(onAbandon) };
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * Recognises limiters made by any copy of the SDK: a limiter created with `require` and handed to
   * a client loaded with `import` comes from another copy of this class, yet must still be accepted.
   */
  static [Symbol.hasInstance](value: unknown): value is RateLimiter {
    if (this !== RateLimiter) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }

  /**
   * Waits for budget for one attempt. Rejects with `signal.reason` as soon as the signal aborts, and
   * an aborted caller takes nothing from the budget. Takes a signal or {@link AcquireOptions}.
   */
  acquire(options?: AbortSignal | AcquireOptions): Promise<RateLimitPermit> {
    if (!isSignal(options)) {
      try {
        refuseUnknownOptions(options, ACQUIRE_OPTION_NAMES, 'acquire');
      } catch (error) {
        return Promise.reject(error);
      }
    }
    const { signal, priority = DEFAULT_PRIORITY, onWait } = isSignal(options) ? { signal: options } : (options ?? {});
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#closed !== undefined) return Promise.reject(closedError());
    // Behind a caller the store refused, this one waits too; otherwise it waits only if the store says so.
    const behind = this.#blocked && this.#size() > 0;
    const queued = this.#queues[priority].add(signal, behind ? undefined : onWait);
    if (behind) onWait?.({ priority, reason: 'queue', estimatedMs: undefined });
    // A caller behind others asks the store only when it is more urgent than the one the timer waits for
    // (a shared store holds budget back for urgent callers of every process).
    if (!behind || (this.#waitingFor !== undefined && rank(priority) < rank(this.#waitingFor))) this.#drain();
    return queued;
  }

  /**
   * Releases what the limiter holds: its timer, the callers still waiting (they fail with a
   * `PartnerCommerceError`, as do later `acquire`s), and its store's connection when the store has
   * `close` (a store handed to a limiter is the limiter's: a Redis store opened from a URL). Permits
   * already granted may still be released. Calling it again waits for the same close.
   */
  close(): Promise<void> {
    return (this.#closed ??= this.#shutDown());
  }

  /** The same as {@link close}, for `await using limiter = new RateLimiter(...)`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #shutDown(): Promise<void> {
    this.#clearWake();
    for (const priority of RATE_PRIORITIES) {
      for (let waiter = this.#queues[priority].shift(); waiter !== undefined; waiter = this.#queues[priority].shift()) waiter.fail(closedError());
    }
    await this.#store.close?.();
  }

  /** Current budget, and who waits for it per priority; works with every store. */
  async state(): Promise<RateLimiterState> {
    const { waiting, ...budget } = await this.#store.snapshot(Date.now());
    const here = this.#waitingHere();
    return { ...budget, inFlight: this.#inFlight, waiting: waiting ?? here, waitingHere: here };
  }

  #waitingHere(): Record<RatePriority, number> {
    return { interactive: this.#queues.interactive.size, normal: this.#queues.normal.size, bulk: this.#queues.bulk.size };
  }

  #size(): number {
    return this.#queues.interactive.size + this.#queues.normal.size + this.#queues.bulk.size;
  }

  #head(): RatePriority | undefined {
    const q = this.#queues;
    return q.interactive.size > 0 ? 'interactive' : q.normal.size > 0 ? 'normal' : q.bulk.size > 0 ? 'bulk' : undefined;
  }

  #waiterId(priority: RatePriority): string {
    return `${this.#waiterBase}-${priority}-${this.#served[priority]}`;
  }

  #permit(ticket: RateTicket): RateLimitPermit {
    this.#inFlight++;
    let open = true;
    const end = (settlement: RateSettlement) => {
      if (!open) return;
      open = false;
      this.#inFlight--;
      this.#settle(ticket, settlement);
    };
    const permit: RateLimitPermit & { [ANSWERED]: (observation: RateLimitObservation | undefined) => void } = {
      release: () => end(UNANSWERED),
      giveBack: () => end(UNSENT),
      [ANSWERED]: (observation) => end(observation ? { kind: 'answered', observation } : UNANSWERED),
    };
    return permit;
  }

  #settle(ticket: RateTicket, settlement: RateSettlement): void {
    // A store that fails to record an ending must not fail the call that ended; the next take will
    // surface a store that is really down.
    ask(() => this.#store.settle(ticket, settlement, Date.now())).then(this.#settled, this.#settled);
  }

  readonly #settled = (): void => {
    if (this.#size() > 0) this.#drain();
  };

  /** Asks the store for the head of the line, one take at a time so the line keeps its order. */
  #drain(): void {
    const head = this.#head();
    if (this.#busy || head === undefined) return;
    this.#busy = true;
    this.#asked = head;
    ask(() => this.#store.tryTake(Date.now(), { priority: head, waiterId: this.#waiterId(head) })).then(this.#taken, this.#takeFailed);
  }

  // Bound once: a take is asked per call, and its two callbacks need not be made anew each time.
  readonly #taken = (take: RateTake): void => {
    this.#busy = false;
    this.#answered(take, this.#asked);
  };

  readonly #takeFailed = (error: unknown): void => {
    this.#busy = false;
    this.#queues[this.#asked].shift()?.fail(error);
    this.#drain();
  };

  /** Grants the head of `priority`'s line and asks for the next, or tells the line it waits. */
  #answered(take: RateTake, priority: RatePriority): void {
    if (take.granted) {
      this.#blocked = false;
      this.#served[priority]++;
      const waiter: Waiter<RateLimitPermit> | undefined = this.#queues[priority].shift();
      // The caller aborted while the store was asked: the ticket goes back unspent.
      if (waiter === undefined) this.#settle(take.ticket, UNSENT);
      else waiter.grant(this.#permit(take.ticket));
      if (this.#size() === 0) this.#clearWake();
      else this.#drain();
      return;
    }
    this.#blocked = true;
    // Callers more urgent than this head are asked next, and told only if the store refuses them.
    for (const p of RATE_PRIORITIES.slice(rank(priority))) this.#queues[p].tell(p === priority ? waitOf(priority, take) : undefined, { priority: p, reason: 'queue', estimatedMs: undefined });
    this.#wake(take.retryAt, priority);
    // A more urgent caller may have arrived while the store was being asked.
    const head = this.#head();
    if (head !== undefined && rank(head) < rank(priority)) {
      this.#clearWake();
      this.#drain();
    }
  }

  /**
   * Keeps one timer, for the earliest time the budget may change by itself. It is left ref'd: an
   * unref'd timer would let a script exit silently while its call waits for budget.
   */
  #wake(at: number | undefined, priority: RatePriority): void {
    // Nobody left to wake (a caller can give up from its onWait, before this runs): a timer would only
    // hold the process until the window ends.
    if (at === undefined || at >= this.#wakeAt || this.#size() === 0) return;
    this.#clearWake();
    this.#wakeAt = at;
    this.#waitingFor = priority;
    // At least 1 ms, so a store answering with a time already past cannot spin this loop; at most what
    // a timer holds (a longer one would fire at once): waking early only means asking the store again.
    const timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#wakeAt = Number.POSITIVE_INFINITY;
        this.#waitingFor = undefined;
        this.#drain();
      },
      Math.min(MAX_TIMER_MS, Math.max(1, at - Date.now())),
    );
    this.#timer = timer;
  }

  #clearWake(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#wakeAt = Number.POSITIVE_INFINITY;
    this.#waitingFor = undefined;
  }
}

function closedError(): PartnerCommerceError {
  return new PartnerCommerceError('the rate limiter was closed (close() on it or on its client): no more calls go through it');
}

function waitOf(priority: RatePriority, take: Extract<RateTake, { granted: false }>): RateLimitWait {
  return { priority, reason: take.reason ?? 'window', estimatedMs: take.retryAt === undefined ? undefined : Math.max(0, take.retryAt - Date.now()) };
}

function isSignal(value: unknown): value is AbortSignal {
  return typeof value === 'object' && value !== null && 'aborted' in value && 'addEventListener' in value;
}

/** The store's answer as a promise, a synchronous throw included. */
function ask<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return Promise.resolve(ask());
  } catch (error) {
    return Promise.reject(error);
  }
}
