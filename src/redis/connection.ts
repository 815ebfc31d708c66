import { InvalidInputError } from '../errors/invalid-input-error.js';
import { RedisUnavailableError } from '../errors/redis-unavailable-error.js';

/** A node-redis client (`createClient()` from `redis`, v4 or later), or anything with its `sendCommand`. */
export interface NodeRedisLike {
  /** Sends one raw command, e.g. `['SET', key, value, 'NX']`, and resolves with Redis's reply. */
  sendCommand(args: string[]): Promise<unknown>;
}

/** An ioredis client, or anything with its `call`. */
export interface IoRedisLike {
  /** Sends one raw command, e.g. `call('SET', key, value, 'NX')`, and resolves with Redis's reply. */
  call(command: string, ...args: string[]): Promise<unknown>;
}

/**
 * A Redis client the SDK can send raw commands through: node-redis (`sendCommand`) or ioredis (`call`).
 * Only this much is needed, so any client with one of these two methods fits. Cluster clients are not
 * supported (their `sendCommand` takes a routing key first).
 */
export type RedisClientLike = NodeRedisLike | IoRedisLike;

/** Where a Redis-backed store connects: a `redis://` or `rediss://` URL, or a client you already have. */
export type RedisTarget = string | RedisClientLike;

export { RedisUnavailableError };

/** @internal Sends one raw command (`['SET', key, value, 'NX']`) and resolves with Redis's reply. */
export interface RedisConnection {
  command(args: string[]): Promise<unknown>;
  /** Closes the client only if the SDK created it from a URL; a client you passed stays yours. */
  close(): Promise<void>;
}

/** @internal How {@link connectRedis} reaches Redis. */
export interface ConnectOptions {
  /** Milliseconds a command (or the first connection) may take before it fails. */
  commandTimeoutMs: number;
}

/**
 * @internal Wraps a URL or a client as a {@link RedisConnection}. Every command races a timer: a client
 * that is disconnected queues commands and would otherwise wait forever, and a store that waits on a
 * hung Redis hangs its caller. A URL is connected on first use, through `redis` (node-redis), an
 * optional peer dependency loaded only then.
 */
export function connectRedis(target: RedisTarget, options: ConnectOptions): RedisConnection {
  // The stores check these options first (one error naming every field); these checks stay for any
  // other caller, in the same error family.
  const timeoutMs = options.commandTimeoutMs;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new InvalidInputError({ path: 'commandTimeoutMs', message: `must be a positive number of milliseconds (got ${timeoutMs})` });
  if (typeof target === 'string') return fromUrl(target, timeoutMs);
  if (isSendCommand(target))
    return withTimeout(
      (args) => target.sendCommand(args),
      timeoutMs,
      async () => {},
    );
  if (isCall(target))
    return withTimeout(
      ([name, ...rest]) => target.call(name!, ...rest),
      timeoutMs,
      async () => {},
    );
  throw new InvalidInputError({ path: 'redis', message: 'must be a redis:// URL or a client with sendCommand (node-redis) or call (ioredis)' });
}

function isSendCommand(target: object): target is NodeRedisLike {
  return typeof (target as { sendCommand?: unknown }).sendCommand === 'function';
}

function isCall(target: object): target is IoRedisLike {
  return typeof (target as { call?: unknown }).call === 'function';
}

function withTimeout(send: (args: string[]) => Promise<unknown>, timeoutMs: number, close: () => Promise<void>): RedisConnection {
  return {
    command: (args) => race(() => send(args), timeoutMs, `${args[0]} did not answer within ${timeoutMs} ms`),
    close,
  };
}

/**
 * The command's answer, or a {@link RedisUnavailableError} once `timeoutMs` has passed without one.
 *
 * When the timer fires, the failure waits one turn of the event loop (`setImmediate`): a process
 * that was busy longer than the timeout runs its due timers before it reads its sockets, so an answer
 * Redis sent in time would otherwise lose to the timer. Node reads the sockets between the timers and
 * the immediates, so only a command Redis has really not answered fails.
 */
async function race<T>(start: () => Promise<T>, timeoutMs: number, timeoutMessage: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastTurn: ReturnType<typeof setImmediate> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      lastTurn = setImmediate(() => reject(new RedisUnavailableError(`Redis unavailable: ${timeoutMessage}`)));
    }, timeoutMs);
  });
  try {
    return await Promise.race([start(), timedOut]);
  } catch (err) {
    if (err instanceof RedisUnavailableError) throw err;
    throw new RedisUnavailableError(`Redis command failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  } finally {
    clearTimeout(timer);
    clearImmediate(lastTurn);
  }
}

/** The part of node-redis's client used for a URL the SDK connects itself. */
interface OwnedClient {
  readonly isOpen: boolean;
  sendCommand(args: string[]): Promise<unknown>;
  connect(): Promise<unknown>;
  destroy(): void;
  unref(): void;
  on(event: 'error', listener: (err: unknown) => void): unknown;
}

function fromUrl(url: string, timeoutMs: number): RedisConnection {
  if (!/^rediss?:\/\//.test(url)) throw new InvalidInputError({ path: 'redis', message: `must be a redis:// or rediss:// URL (got ${JSON.stringify(url.slice(0, 40))})` });
  // Loaded now, not on the first command: a missing package is known before any call is made.
  const module = loadRedis();
  module.catch(() => {}); // reported by the first command, never as an unhandled rejection
  /** The client connected (or connecting) now; a new one is made on demand after it dropped. */
  let current: Promise<OwnedClient> | undefined;
  const open = (redis: typeof import('redis')): Promise<OwnedClient> => {
    const owned = createOwnedClient(redis, url, timeoutMs);
    const attempt = owned.connect().then(
      () => owned,
      (err: unknown) => {
        quietly(() => owned.destroy());
        throw err;
      },
    );
    current = attempt;
    // A connection that failed is tried again by the next command rather than cached as failed.
    attempt.catch(() => {
      if (current === attempt) current = undefined;
    });
    return attempt;
  };
  const connected = async (redis: typeof import('redis')): Promise<OwnedClient> => {
    const existing = current;
    if (existing === undefined) return open(redis);
    const owned = await existing;
    if (owned.isOpen) return owned;
    // It dropped (it does not reconnect by itself, see createOwnedClient): this command opens anew.
    if (current === existing) return open(redis);
    return connected(redis);
  };
  return {
    async command(args) {
      // Loading the module is local work, not waiting on Redis: it is outside the command timeout (a
      // cold process under load can take longer than the timeout just to load node-redis).
      const redis = await module;
      return race(async () => (await connected(redis)).sendCommand(args), timeoutMs, `${args[0]} to ${redactUrl(url)} did not answer within ${timeoutMs} ms`);
    },
    async close() {
      const pending = current;
      current = undefined;
      // Destroyed even while still connecting, so a Redis that never came up does not keep the process alive.
      const owned = await pending?.catch(() => undefined);
      if (owned) quietly(() => owned.destroy());
    },
  };
}

function quietly(action: () => void): void {
  try {
    action();
  } catch {
    // already closed
  }
}

/**
 * The `redis` package, or a configuration error naming it. Not a {@link RedisUnavailableError}: a store
 * would take that for an outage and fall back to a share of the budget in every process, which
 * together send more than the budget; a missing package is fixed by installing it, not by waiting.
 */
async function loadRedis(): Promise<typeof import('redis')> {
  try {
    return await import('redis');
  } catch (err) {
    throw new InvalidInputError({
      path: 'redis',
      message: `is a URL, which needs the \`redis\` package: npm install redis (or pass a node-redis or ioredis client you already have); loading it failed: ${err instanceof Error ? err.message : String(err)}`,
    });
  }
}

function createOwnedClient(redis: typeof import('redis'), url: string, timeoutMs: number): OwnedClient {
  const client = redis.createClient({
    url,
    // While not connected, a command fails at once instead of waiting in a queue to run late.
    disableOfflineQueue: true,
    // No reconnecting in the background: its timers would keep a finished script alive while Redis is
    // down. The next command connects a new client instead (see fromUrl).
    socket: { connectTimeout: timeoutMs, reconnectStrategy: false },
  }) as unknown as OwnedClient;
  // Without a listener, node-redis's 'error' event would crash the process; the commands report it.
  client.on('error', () => {});
  // An idle connection must not keep the process up: a script ends when its work ends. A command in
  // flight still does (its timeout timer is ref'd until the answer).
  client.unref();
  return client;
}

/** The URL without its password, for error messages. */
function redactUrl(url: string): string {
  return url.replace(/\/\/([^@/]*)@/, (_, auth: string) => `//${auth.includes(':') ? `${auth.split(':')[0]}:***` : '***'}@`);
}
