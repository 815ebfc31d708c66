import { InvalidInputError, type InputIssue } from '../../errors/invalid-input-error.js';
import { isLoopbackName } from '../../internal/loopback-host.js';
import type { Mirror } from '../mirror.js';
import { feedHandler } from './feed-handler.js';
import { guardFeed } from './feed-guard.js';
import { listenNode } from './node-listener.js';
import { TailWatch } from './tail-watch.js';
import { optionNames, refuseUnknownOptions } from '../../errors/check-options.js';

/** Options of {@link serveMirror}. */
export interface ServeMirrorOptions {
  /** The mirror whose change log is served (opened if it is not yet). */
  mirror: Mirror;
  /**
   * Address to bind. Loopback (`127.0.0.1`, `localhost`, `::1`) answers only requests whose Host is a
   * loopback name with the server's port (421 otherwise, against DNS rebinding); any other address
   * needs a {@link token}. @default '127.0.0.1'
   */
  host?: string | undefined;
  /** Port to bind, 0 to 65535; 0 takes a free one (see the result's `port`). @default 0 */
  port?: number | undefined;
  /**
   * When set, every request must send `Authorization: Bearer <token>` (401 otherwise; compared in
   * constant time). Required to bind beyond loopback. At least 16 characters, no spaces.
   */
  token?: string | undefined;
  /** Messages per answer when the request gives no `limit`, 1 to 100,000. @default 1000 */
  pageSize?: number | undefined;
  /** The largest `limit` honoured, 1 to 100,000: a larger one is clamped to it (not refused). @default 10000 */
  maxPageSize?: number | undefined;
  /** How long a `live=long-poll` request waits for a change before answering 204, ms (1 to 600,000). @default 20000 */
  longPollMs?: number | undefined;
  /** How long a `live=sse` response stays open before it ends and the client reconnects, ms (1 to 3,600,000). @default 60000 */
  sseMs?: number | undefined;
  /**
   * How often waiting live readers check the store for changes another process wrote, ms (10 to
   * 3,600,000). This mirror's own commits wake them at once. @default 1000
   */
  pollIntervalMs?: number | undefined;
}

/** A running change feed: see {@link serveMirror}. */
export interface MirrorFeedServer {
  /** The feed's URL (`http://127.0.0.1:<port>/feed`), for `readMirrorFeed` or any Durable Streams client. */
  url: string;
  /** The bound port. */
  port: number;
  /** Stops answering, ends live requests and closes connections; the mirror stays open. */
  close(): Promise<void>;
}

/** Path the feed answers at. */
const FEED_PATH = '/feed';
/** Mirror state key of the feed's id, part of every offset, so offsets of another store are refused. */
export const FEED_ID_KEY = 'feed.id';

const SERVE_OPTION_NAMES = optionNames<ServeMirrorOptions>({ mirror: 1, host: 1, port: 1, token: 1, pageSize: 1, maxPageSize: 1, longPollMs: 1, sseMs: 1, pollIntervalMs: 1 });

/**
 * Serves the mirror's change log over HTTP with the read half of the Durable Streams protocol: a
 * snapshot of every product, then the changes from an offset, with `live=long-poll` and `live=sse`
 * (see docs/mirror.md, "Change feed over HTTP"). Read it with {@link readMirrorFeed}.
 * @throws InvalidInputError naming each bad option (`token` when `host` is beyond loopback without one).
 * @example
 * const feed = await serveMirror({ mirror });
 * for await (const batch of readMirrorFeed(feed.url, { from: '-1' })) apply(batch.messages);
 */
export async function serveMirror(options: ServeMirrorOptions): Promise<MirrorFeedServer> {
  refuseUnknownOptions(options, SERVE_OPTION_NAMES, 'serveMirror');
  const checked = checkServeOptions(options);
  const store = await options.mirror.open();
  const feedId = await store.transaction(async (tx) => {
    const saved = await tx.state<string>(FEED_ID_KEY);
    if (typeof saved === 'string' && /^[0-9a-z]{8,32}$/.test(saved)) return saved;
    const id = newFeedId();
    await tx.setState(FEED_ID_KEY, id);
    return id;
  });
  const watch = new TailWatch(() => store.lastPosition(), checked.pollIntervalMs);
  const unsubscribe = options.mirror.changes.subscribe((changes) => {
    const last = changes.at(-1);
    if (last !== undefined) watch.reached(last.position);
  });
  const handle = feedHandler({ ...checked, store: async () => store, feedId, watch, path: FEED_PATH, private: checked.token !== undefined });
  const listenHost = checked.host.startsWith('[') ? checked.host.slice(1, -1) : checked.host;
  let listener;
  try {
    listener = await listenNode(guardFeed({ loopback: checked.loopback, token: checked.token }, handle), listenHost, checked.port);
  } catch (err) {
    unsubscribe();
    throw err;
  }
  const urlHost = listenHost.includes(':') ? `[${listenHost}]` : listenHost;
  const { port } = listener;
  return {
    url: `http://${urlHost}:${port}${FEED_PATH}`,
    port,
    close: async () => {
      unsubscribe();
      watch.close();
      await listener.close();
    },
  };
}

function newFeedId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return [...bytes].map((b) => (b % 36).toString(36)).join('');
}

interface CheckedOptions {
  host: string;
  loopback: boolean;
  port: number;
  token: string | undefined;
  pageSize: number;
  maxPageSize: number;
  longPollMs: number;
  sseMs: number;
  pollIntervalMs: number;
}

/** Every option at once, before anything binds: one error naming each bad field. */
function checkServeOptions(options: ServeMirrorOptions): CheckedOptions {
  const issues: InputIssue[] = [];
  const mirror: unknown = options?.mirror;
  if (typeof mirror !== 'object' || mirror === null || typeof (mirror as Mirror).open !== 'function') issues.push({ path: 'mirror', message: 'must be a Mirror (createMirror)' });
  const int = (path: keyof ServeMirrorOptions, fallback: number, min: number, max: number): number => {
    const value: unknown = options?.[path];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) issues.push({ path, message: `must be an integer from ${min} to ${max}` });
    return typeof value === 'number' ? value : fallback;
  };
  const host: unknown = options?.host ?? '127.0.0.1';
  if (typeof host !== 'string' || host.trim() === '' || /[\s/]/.test(host)) issues.push({ path: 'host', message: 'must be an address or host name to bind, like 127.0.0.1' });
  const name = typeof host === 'string' ? (host === '::1' ? '[::1]' : host) : '';
  const loopback = isLoopbackName(name);
  const token: unknown = options?.token;
  if (token !== undefined && (typeof token !== 'string' || token.length < 16 || /\s/.test(token))) issues.push({ path: 'token', message: 'must be a string of at least 16 characters without spaces' });
  if (token === undefined && typeof host === 'string' && !loopback)
    issues.push({ path: 'token', message: `is required to serve the feed beyond loopback (host ${host}): every request must then send it as a Bearer token` });
  const checked = {
    host: typeof host === 'string' ? host : '127.0.0.1',
    loopback,
    port: int('port', 0, 0, 65_535),
    token: typeof token === 'string' ? token : undefined,
    pageSize: int('pageSize', 1000, 1, 100_000),
    maxPageSize: int('maxPageSize', 10_000, 1, 100_000),
    longPollMs: int('longPollMs', 20_000, 1, 600_000),
    sseMs: int('sseMs', 60_000, 1, 3_600_000),
    pollIntervalMs: int('pollIntervalMs', 1000, 10, 3_600_000),
  };
  if (issues.length > 0) throw new InvalidInputError(issues);
  // A default page larger than the maximum would be clamped on every request: the maximum wins.
  return { ...checked, pageSize: Math.min(checked.pageSize, checked.maxPageSize) };
}
