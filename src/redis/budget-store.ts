import type { Logger } from '../internal/logger.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import * as z from 'zod/mini';
import { checkOptions, loggerOption, positiveMs } from '../errors/check-options.js';
import { got } from '../internal/kind-of.js';
import { once } from '../internal/once.js';
import { redisTarget } from './option-checks.js';
import type { RateBudgetState, RateBudgetStore, RateSettlement, RateTake, RateTakeRequest, RateTicket, RateWaitReason } from '../transport/rate-limit/budget-store.js';
import { RATE_LIMIT_DEFAULTS } from '../transport/rate-limit/limiter-options.js';
import { priorityRank } from '../transport/rate-limit/priority.js';
import { capServerWait, serverWaitMs } from '../transport/server-wait.js';
import { SETTLE_SCRIPT, STATE_SCRIPT, TAKE_SCRIPT } from './budget-scripts.js';
import { connectRedis, type RedisConnection, type RedisTarget } from './connection.js';
import { FallbackBudget, type KnownWindow } from './fallback-budget.js';
import { storeEnvironment } from './environment.js';
import type { Environment } from '../transport/client-options.js';

/** Options of {@link createRedisBudgetStore}. */
export interface RedisBudgetStoreOptions {
  /** A `redis://` URL (the `redis` package is then loaded), or a node-redis / ioredis client you already have. */
  redis: RedisTarget | { url: string };
  /** Names the shared budget: every store with the same key, in any process, draws from one budget (say the partner id). */
  key: string;
  /**
   * Keeps the budget of one environment apart from the other's: the key in Redis includes it, so a
   * sandbox client and a production client given the same `key` never share a budget (the client
   * option `rateLimit: { redis, key }` passes its token's environment).
   * @default the environment of `PARTNER_COMMERCE_TOKEN`; without it, `key` alone names the budget
   */
  environment?: Environment | undefined;
  /** Calls per `windowMs` for the whole partner. @default 60 */
  perMinute?: number | undefined;
  /** Window length in ms. @default 60000 */
  windowMs?: number | undefined;
  /** How long a Redis command may take before Redis counts as unreachable. @default 2000 */
  commandTimeoutMs?: number | undefined;
  /**
   * How long a granted call holds its lease. A process killed while holding calls loses them after
   * this; keep it above the client's `timeoutMs`. @default 30000
   */
  leaseMs?: number | undefined;
  /**
   * While Redis is unreachable, this process spends at most `1/share` of the budget from an in-process
   * one: `floor(perMinute / share)` in any `windowMs`, and `floor(remaining / share)` of what the
   * server window in progress has left (as Redis or an answer last said), spent once until the
   * server's reset. By default the number of processes that used the budget recently (as Redis last
   * said), else 4: never the full rate, nor a fresh full window, which multiplied by every process
   * would earn 429s for all of them.
   */
  fallbackShare?: number | undefined;
  /** Where the warning about Redis going away (and coming back) goes. @default console */
  logger?: Pick<Logger, 'warn'> | undefined;
}

/** A {@link RateBudgetStore} shared through Redis; `close()` ends a connection the store opened from a URL. */
export interface RedisBudgetStore extends RateBudgetStore {
  /** Closes the connection when the store opened it from a URL; a client you passed stays open. Safe to call twice. */
  close(): Promise<void>;
  /** The same as `close()`, for `await using store = createRedisBudgetStore(...)`. */
  [Symbol.asyncDispose](): Promise<void>;
}

const PREFIX = 'partner-commerce:rate:';
/** After Redis failed, how long this process keeps to its fallback share before asking Redis again. */
const RETRY_REDIS_MS = 5_000;
/** Margin on the window, so jitter between sending and arriving cannot put one call too many in a server window. */
const WINDOW_MARGIN = 0.01;

/**
 * A rate budget shared by every process and machine through Redis. Each take and settle is one Lua
 * script run atomically on Redis's clock (`TIME`), so two processes can never both take the last
 * call, and every machine agrees when a window ends.
 *
 * - **Waiting.** A refused take answers "ask again in N ms" (the time the next slot frees, plus one
 *   slot per caller ahead in line), so each waiter sleeps once instead of polling, and waiters do
 *   not wake together.
 * - **Priorities and fairness.** The head caller of each limiter stands in a line per priority in
 *   Redis. No call starts while a more urgent one waits anywhere, and within one priority callers
 *   are served in the order they first asked, whichever process they are in. Bulk calls are spread
 *   one slot apart, so an interactive call never waits behind a burst.
 * - **The server's word.** `X-RateLimit-Limit` lowers the limit; a `Remaining` lower than this
 *   budget explains means other integrations of the partner spend it too, and is held back until
 *   the server's reset; a 429 pauses every process (bounded like every server wait), gives its slot
 *   back, and lets one call probe before the others go.
 * - **Crashes.** A granted call holds a lease (`leaseMs`); a waiter that stops asking leaves the line
 *   after a few of its own waits; so a killed process blocks nobody for long.
 * - **Redis unreachable** (or slower than `commandTimeoutMs`): never fail open. The process falls
 *   back, in memory, to its share (`fallbackShare`) of each client window and of what the server
 *   window in progress has left (spent once until its reset, so a long reset with plenty left keeps
 *   the client's own rate ÷ share); warns once, and asks Redis again every few seconds. Nothing hangs
 *   longer than `commandTimeoutMs`. A missing `redis` package is a configuration error, never a fallback.
 *
 * Redis Cluster is not supported (the scripts use keys under one prefix).
 *
 * Not exported from the entry: partners ask for it with the client's `rateLimit: { redis, key }`; the client
 * hands this function to its transport, whose registry opens one store per Redis target, environment and key.
 *
 * @example
 * const client = new PartnerCommerce({ rateLimit: { redis: process.env.REDIS_URL!, key: 'partner-123' } });
 */
export function createRedisBudgetStore(options: RedisBudgetStoreOptions): RedisBudgetStore {
  return new RedisBudget(options);
}

class RedisBudget implements RedisBudgetStore {
  readonly #connection: RedisConnection;
  readonly #prefix: string;
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #leaseMs: number;
  readonly #maxAskMs: number;
  readonly #fallbackShare: number | undefined;
  readonly #logger: Pick<Logger, 'warn'>;
  readonly #process = `${(globalThis as { process?: { pid?: number } }).process?.pid ?? 0}-${Math.random().toString(36).slice(2, 10)}`;
  #tickets = 0;
  #scripts = new Map<string, string>();
  #processes: number | undefined;
  #fallback: FallbackBudget | undefined;
  /** The server window in progress as last heard (from Redis or an answer), for the fallback. */
  #known: KnownWindow | undefined;
  #fallbackUntil = 0;
  /** Until when this process holds its calls after a 429 it saw itself (epoch ms, local clock). */
  #pausedUntil = 0;

  constructor(options: RedisBudgetStoreOptions) {
    checkOptions(redisBudgetStoreOptionsSchema, options, 'createRedisBudgetStore');
    this.#limit = options.perMinute ?? RATE_LIMIT_DEFAULTS.perMinute;
    this.#windowMs = options.windowMs ?? RATE_LIMIT_DEFAULTS.windowMs;
    this.#leaseMs = options.leaseMs ?? 30_000;
    this.#fallbackShare = options.fallbackShare;
    // A waiter asks again at least this often, so one that stops asking (a dead process) is noticed.
    this.#maxAskMs = Math.max(1_000, 2 * Math.ceil(this.#windowMs / this.#limit));
    this.#logger = options.logger ?? console;
    const target = typeof options.redis === 'object' && options.redis !== null && 'url' in options.redis ? options.redis.url : options.redis;
    this.#connection = connectRedis(target, { commandTimeoutMs: options.commandTimeoutMs ?? 2_000 });
    const environment = storeEnvironment(options.environment, 'environment');
    this.#prefix = `${PREFIX}{${environment === undefined ? '' : `${environment}:`}${options.key}}:`;
  }

  async tryTake(now: number, request: RateTakeRequest): Promise<RateTake> {
    if (now < this.#pausedUntil) return { granted: false, retryAt: this.#pausedUntil, reason: 'paused' };
    if (this.#fallback !== undefined && now < this.#fallbackUntil) return this.#fallback.tryTake(now);
    const ticket = `${this.#process}:${++this.#tickets}`;
    const rank = priorityRank(request.priority);
    const spacing = rank === 2 ? Math.ceil(this.#effectiveWindow() / this.#limit) : 0;
    let reply: unknown;
    try {
      reply = await this.#run(TAKE_SCRIPT, [
        request.waiterId,
        String(rank),
        String(this.#limit),
        String(this.#effectiveWindow()),
        String(this.#leaseMs),
        String(3 * this.#maxAskMs),
        String(spacing),
        ticket,
        this.#process,
        String(this.#maxAskMs),
      ]);
    } catch (err) {
      // A configuration error (the `redis` package missing) is not an outage: falling back would let
      // every process spend a share, together more than the budget, while the setup stays broken.
      if (err instanceof InvalidInputError) throw err;
      return this.#fallBack(err).tryTake(Date.now());
    }
    this.#recovered();
    const [granted, value, third, fourth, fifth, sixth] = reply as [number, string | number, string | number, unknown, unknown, unknown];
    if (Number(granted) === 1) {
      this.#processes = Number(third);
      this.#heard(fourth, fifth);
      return { granted: true, ticket: String(value) };
    }
    this.#processes = Number(fourth);
    this.#heard(fifth, sixth);
    return { granted: false, retryAt: Date.now() + Number(value), reason: String(third) as RateWaitReason };
  }

  async settle(ticket: RateTicket, settlement: RateSettlement, now: number): Promise<void> {
    // A ticket of the fallback budget is settled there (numbers), one of Redis in Redis (strings).
    if (typeof ticket === 'number') return this.#fallback?.settle(settlement, now, ticket);
    const obs = settlement.kind === 'answered' ? settlement.observation : undefined;
    if (obs !== undefined && obs.status !== 429 && obs.remaining !== undefined) this.#answered(obs.remaining, obs.resetMs, now);
    const pauseMs = obs ? capServerWait(serverWaitMs(obs) ?? 1_000, this.#windowMs) : 0;
    // Held here before the settle reaches Redis: this process's next take may get there first (the
    // settle may first have to load its script), and must not go out into the window that refused.
    if (obs?.status === 429) this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + pauseMs);
    await this.#run(SETTLE_SCRIPT, [
      ticket,
      settlement.kind,
      String(obs?.status ?? 0),
      // A limit of 0 would hold every process until the key is deleted, and one above this budget
      // cannot raise it: the server's figure counts only within [1, perMinute].
      opt(obs?.limit === undefined ? undefined : Math.min(this.#limit, Math.max(1, obs.limit))),
      opt(obs?.remaining),
      opt(obs?.resetMs === undefined ? undefined : capServerWait(obs.resetMs, this.#windowMs)),
      String(pauseMs),
      String(this.#windowMs),
    ]);
  }

  async snapshot(now: number): Promise<RateBudgetState> {
    if (this.#fallback !== undefined && now < this.#fallbackUntil) return this.#fallback.snapshot(now);
    const reply = (await this.#run(STATE_SCRIPT, [String(this.#effectiveWindow())])) as (string | number)[];
    const [srvLimit, used, paused, probing, foreign, foreignUntil, q0, q1, q2, redisNow, oldest] = reply.map((v) => String(v));
    const offset = Date.now() - Number(redisNow);
    const serverLimit = srvLimit === '' ? undefined : Number(srvLimit);
    let limit = Math.min(this.#limit, serverLimit ?? Number.POSITIVE_INFINITY);
    if (Number(foreignUntil) > Number(redisNow)) limit -= Number(foreign);
    const pausedUntil = Number(paused) > Number(redisNow) ? Number(paused) + offset : undefined;
    return {
      limit: Math.min(this.#limit, serverLimit ?? Number.POSITIVE_INFINITY),
      remaining: pausedUntil !== undefined ? 0 : Math.max(0, limit - Number(used)),
      resetAt: oldest === '' || oldest === undefined ? undefined : Number(oldest) + this.#effectiveWindow() + offset,
      pausedUntil,
      source: probing === '1' ? 'probing' : serverLimit !== undefined ? 'server' : 'local',
      waiting: { interactive: Number(q0), normal: Number(q1), bulk: Number(q2) },
    };
  }

  close(): Promise<void> {
    return this.#connection.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #effectiveWindow(): number {
    return Math.ceil(this.#windowMs * (1 + WINDOW_MARGIN));
  }

  /** EVALSHA, loading the script on first use and again after Redis lost it (restart, SCRIPT FLUSH). */
  async #run(script: string, args: string[]): Promise<unknown> {
    const argv = ['1', this.#prefix, ...args];
    let sha = this.#scripts.get(script);
    if (sha === undefined) {
      sha = String(await this.#connection.command(['SCRIPT', 'LOAD', script]));
      this.#scripts.set(script, sha);
    }
    try {
      return await this.#connection.command(['EVALSHA', sha, ...argv]);
    } catch (err) {
      if (!/NOSCRIPT/.test(String((err as { cause?: unknown })?.cause ?? err))) throw err;
      return this.#connection.command(['EVAL', script, ...argv]);
    }
  }

  #fallBack(err: unknown): FallbackBudget {
    if (this.#fallback === undefined) {
      const share = Math.max(1, this.#fallbackShare ?? this.#processes ?? 4);
      const now = Date.now();
      const fallback = new FallbackBudget({ limit: this.#limit, windowMs: this.#windowMs, share, known: this.#known, now });
      this.#fallback = fallback;
      const server = fallback.serverShare(now);
      const spent = server === undefined ? '' : `; at most ${server.left} until the server window in progress ends in ${server.until - now} ms (1/${share} of what it had left)`;
      this.#logger.warn(
        `partner-commerce: the shared rate budget in Redis is unreachable (${err instanceof Error ? err.message : String(err)}); ` +
          `this process falls back to ${fallback.perWindow} calls per ${this.#windowMs} ms (1/${share} of the budget)${spent} and asks Redis again every ${RETRY_REDIS_MS / 1000} s`,
      );
    }
    this.#fallbackUntil = Date.now() + RETRY_REDIS_MS;
    return this.#fallback;
  }

  /** What Redis said the server's window in progress has left (`''` when no window is known). */
  #heard(remaining: unknown, msToReset: unknown): void {
    if (remaining === '' || remaining === undefined || msToReset === '' || msToReset === undefined) return;
    const left = Number(remaining);
    const inMs = Number(msToReset);
    if (Number.isFinite(left) && Number.isFinite(inMs) && inMs > 0) this.#known = { remaining: Math.max(0, left), until: Date.now() + inMs };
  }

  /** This process's own answer: within one window Remaining only falls, so the lowest stands. */
  #answered(remaining: number, resetMs: number | undefined, now: number): void {
    const until = now + capServerWait(resetMs ?? this.#windowMs, this.#windowMs);
    const known = this.#known;
    this.#known = known !== undefined && known.until > now ? { remaining: Math.min(known.remaining, remaining), until: known.until } : { remaining, until };
  }

  #recovered(): void {
    if (this.#fallback === undefined) return;
    this.#fallback = undefined;
    this.#logger.warn('partner-commerce: the shared rate budget in Redis is reachable again; this process draws from it again');
  }
}

const positive = (integer: boolean) =>
  z.optional(
    z.custom<number>((v) => typeof v === 'number' && Number.isFinite(v) && v > 0 && (!integer || Number.isSafeInteger(v)), {
      error: (issue) => `must be a positive ${integer ? 'integer' : 'number'} (got ${got(issue.input)})`,
    }),
  );

/**
 * The options of {@link createRedisBudgetStore}, checked all at once, so every bad option is named in one
 * `InvalidInputError` rather than the first alone. Built on first use. `environment` is checked by
 * `storeEnvironment`.
 */
const redisBudgetStoreOptionsSchema = once(() =>
  z.strictObject({
    redis: redisTarget(true),
    key: z.custom<string>((v) => typeof v === 'string' && v !== '', { error: 'must be a non-empty string naming the shared budget' }),
    environment: z.optional(z.unknown()),
    perMinute: positive(true),
    windowMs: positiveMs(),
    commandTimeoutMs: positiveMs(),
    leaseMs: positiveMs(),
    fallbackShare: positive(false),
    logger: loggerOption('warn'),
  }),
);

function opt(value: number | undefined): string {
  return value === undefined ? '' : String(value);
}
