import { createFakeApi, serveFetch, type FakeApi, type FakeRateLimit, type FakeWebhookEvent, type FakeWebhookFaults } from '../../testing/index.js';
import { InvalidInputError } from '../../index.js';
import { withControlRoute } from './control-route.js';
import { checkEventKinds, checkForwardTargets } from './forward-targets.js';
import { Forwarder, type DeliveryAttempt } from './forwarder.js';
import { loopbackHostsOnly } from './host-guard.js';
import { SandboxJournal } from './journal.js';
import { NoticeGate } from './notice-gate.js';
import { withOpenApiRoute } from './openapi-route.js';
import { defaultSandboxDir } from './private-folder.js';
import { withStockDelayHeader } from './stock-delay-header.js';
import { optionNames, refuseUnknownOptions } from '../../errors/check-options.js';

/** Options of {@link startSandbox} (and of `partner-commerce sandbox`). */
export interface LocalSandboxOptions {
  /** Port on 127.0.0.1. @default 0 (any free port) */
  port?: number | undefined;
  /** Products in the fake's catalog. @default 30 */
  catalogSize?: number | undefined;
  /** The fake's rate limit, or `false`. @default { perMinute: 60, windowMs: 60_000 } */
  rateLimit?: FakeRateLimit | false | undefined;
  /** Delay of stock notices, ms (the spec's "about 1 minute"). @default 60_000 */
  stockWebhookDelayMs?: number | undefined;
  /**
   * Send `null` for every optional field a record lacks, in answers and notices, as a real server
   * may (the kit's `sendNulls`). @default false
   */
  sendNulls?: boolean | undefined;
  /**
   * Delivery faults of the notices: drop, duplicate, delay, reorder probabilities (0 to 1), `delayMs`,
   * `seed` (the kit's `webhookFaults`). A dropped notice is neither journaled nor forwarded: it was
   * never sent. @default none
   */
  webhookFaults?: FakeWebhookFaults | undefined;
  /**
   * The partner's receivers: every notice is POSTed to each, signed, with retries of its own (one
   * failing does not hold up the others). Redirects are never followed. Each an http(s) URL.
   */
  forwardTo?: string | readonly string[] | undefined;
  /**
   * Event kinds to print and forward (the spec's kinds, e.g. `['pedido.criado']`); others are still
   * journaled. Checked before starting: an unknown kind is refused. @default every kind
   */
  events?: readonly string[] | undefined;
  /**
   * Signing secret; else the one kept in `journalDir` (created once, stable across runs). Several (the
   * current one first) sign each notice with every one, to test a rotation end to end.
   */
  secret?: string | readonly string[] | undefined;
  /**
   * Secret of the control route (`trigger`'s product events), sent in `x-sandbox-control-secret`;
   * else the one kept in `journalDir` (created once, stable across runs).
   */
  controlSecret?: string | undefined;
  /** Retry schedule of failed deliveries, ms. @default [1000, 5000, 30000, 120000] */
  retryScheduleMs?: readonly number[] | undefined;
  /**
   * Folder of the journal and the secrets; created 0700, and refused when it or a secret in it is
   * another user's or open to others. @default `$XDG_STATE_HOME/partner-commerce/sandbox`, else `~/.local/state/partner-commerce/sandbox` (`%LOCALAPPDATA%\partner-commerce\sandbox` on Windows)
   */
  journalDir?: string | undefined;
  /** Called for every notice the fake sends of the `events` kept, before it is forwarded. */
  onEvent?: ((event: FakeWebhookEvent) => void) | undefined;
  /** Called for every delivery attempt to each of `forwardTo`. */
  onDelivery?: ((attempt: DeliveryAttempt) => void) | undefined;
}

/** A running local sandbox. */
export interface LocalSandbox {
  /** Base URL to give the client (`baseUrl`). */
  readonly url: string;
  /** The secret deliveries are signed with (verify with `webhookSignatureVerifier` from partner-commerce/testing); the current one while rotating. */
  readonly secret: string;
  /** Every secret deliveries are signed with, the current one first: one unless rotating. */
  readonly secrets: readonly string[];
  /** The control route's secret: `trigger`'s `controlSecret` for product events. */
  readonly controlSecret: string;
  /** The fake behind it, for tests that drive it directly. */
  readonly fake: FakeApi;
  /** Waits for deliveries in flight, cancels scheduled retries, stops the server. Calling it again waits for the same close. */
  close(): Promise<void>;
}

/**
 * The journal folder used when none is given, one only the user can reach:
 * `$XDG_STATE_HOME/partner-commerce/sandbox`, else `~/.local/state/partner-commerce/sandbox`
 * (`%LOCALAPPDATA%\partner-commerce\sandbox` on Windows).
 */
export function defaultJournalDir(): string {
  return defaultSandboxDir();
}

const SANDBOX_OPTION_NAMES = optionNames<LocalSandboxOptions>({
  port: 1,
  catalogSize: 1,
  rateLimit: 1,
  stockWebhookDelayMs: 1,
  sendNulls: 1,
  webhookFaults: 1,
  forwardTo: 1,
  events: 1,
  secret: 1,
  controlSecret: 1,
  retryScheduleMs: 1,
  journalDir: 1,
  onEvent: 1,
  onDelivery: 1,
});

/**
 * Serves the testing kit's fake sandbox API on loopback, journals every notice it sends and
 * forwards each to the partner's receiver, signed, retrying failures like a real sender. Also serves
 * `POST /_partner-commerce/produtos`, through which `trigger` causes product events on the catalog, and
 * `GET /openapi.json`, the package's OpenAPI document (no token needed).
 * The same thing `partner-commerce sandbox` runs, callable from a test suite.
 */
export async function startSandbox(options: LocalSandboxOptions = {}): Promise<LocalSandbox> {
  refuseUnknownOptions(options, SANDBOX_OPTION_NAMES, 'startSandbox');
  const targets = checkForwardTargets(options.forwardTo, 'forwardTo');
  const kept = checkEventKinds(options.events, 'events');
  // The sandbox states the delay it runs with (a header of its answers), so it passes it rather than leave it to the kit's default.
  const stockWebhookDelayMs = options.stockWebhookDelayMs ?? 60_000;
  const journal = new SandboxJournal(options.journalDir ?? defaultJournalDir());
  const secrets = secretList(options.secret ?? journal.secret(), 'secret');
  const controlSecret = options.controlSecret ?? journal.controlSecret();
  const forwarders = targets.map((url) => new Forwarder({ url, secret: secrets, retryScheduleMs: options.retryScheduleMs, onAttempt: options.onDelivery }));
  const gate = new NoticeGate((event) => {
    journal.append({ at: new Date().toISOString(), event });
    if (kept !== undefined && !kept.has(event.evento)) return;
    options.onEvent?.(event);
    for (const forwarder of forwarders) forwarder.send(event);
  });
  const fake = createFakeApi({
    catalogSize: options.catalogSize,
    rateLimit: options.rateLimit,
    stockWebhookDelayMs,
    sendNulls: options.sendNulls,
    webhookFaults: options.webhookFaults,
    onWebhook: (event) => gate.push(event),
  });
  // The fake's API, plus the sandbox's own routes for product events (`trigger produto.*`) and the
  // OpenAPI document, all for loopback Host names only (a rebound DNS name reaches the port, but not the routes).
  const server = await serveFetch(loopbackHostsOnly(withOpenApiRoute(withStockDelayHeader(withControlRoute(fake, gate, controlSecret), stockWebhookDelayMs))), { port: options.port ?? 0 });
  // One close for every caller: a test's afterEach may close what the test already closed.
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    secret: secrets[0]!,
    secrets,
    controlSecret,
    fake,
    close: () =>
      (closing ??= (async () => {
        await Promise.all(forwarders.map((f) => f.close()));
        await server.close();
      })()),
  };
}

/** Options of {@link replayJournal}. */
export interface ReplayOptions {
  /** Where to deliver: each receiver gets every notice, in order. */
  forwardTo: string | readonly string[];
  /** Event kinds to replay (see {@link LocalSandboxOptions.events}). @default every kind */
  events?: readonly string[] | undefined;
  /** Replay notices sent at or after this time. */
  since: Date;
  /** Folder of the journal. @default `$XDG_STATE_HOME/partner-commerce/sandbox`, else `~/.local/state/partner-commerce/sandbox` (`%LOCALAPPDATA%\partner-commerce\sandbox` on Windows) */
  journalDir?: string | undefined;
  /** Signing secret, or several (see {@link LocalSandboxOptions.secret}); else the one kept in the journal folder. */
  secret?: string | readonly string[] | undefined;
  /** Called for every delivery attempt. */
  onDelivery?: ((attempt: DeliveryAttempt) => void) | undefined;
}

/** Delivers again, in order and once each, the journaled notices since `since`; returns the attempts. */
export async function replayJournal(options: ReplayOptions): Promise<DeliveryAttempt[]> {
  const targets = checkForwardTargets(options.forwardTo, 'forwardTo');
  const kept = checkEventKinds(options.events, 'events');
  const journal = new SandboxJournal(options.journalDir ?? defaultJournalDir());
  const secret = secretList(options.secret ?? journal.secret(), 'secret');
  const entries = journal.since(options.since).filter((e) => kept === undefined || kept.has(e.event.evento));
  const attempts: DeliveryAttempt[] = [];
  for (const url of targets) {
    const forwarder = new Forwarder({ url, secret, onAttempt: options.onDelivery });
    for (const entry of entries) attempts.push(await forwarder.sendOnce(entry.event));
  }
  return attempts;
}

/** The secrets as a list, refused before any port is opened when one is empty or there are more than 8. */
function secretList(given: string | readonly string[], path: string): readonly string[] {
  const secrets = typeof given === 'string' ? [given] : [...given];
  if (secrets.length === 0 || secrets.length > 8) throw new InvalidInputError({ path, message: 'must be a non-empty string, or a list of 1 to 8 (the current one first)' });
  const empty = secrets.findIndex((s) => typeof s !== 'string' || s === '');
  if (empty >= 0) throw new InvalidInputError({ path: typeof given === 'string' ? path : `${path}[${empty}]`, message: 'must be a non-empty string' });
  return secrets;
}
