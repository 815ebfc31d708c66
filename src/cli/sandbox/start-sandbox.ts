import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeApi } from '../../testing/fake-api.js';
import { DEFAULT_STOCK_WEBHOOK_DELAY_MS } from '../../testing/options.js';
import type { FakeRateLimit } from '../../testing/fake-rate-limit.js';
import { listen } from '../../testing/http/node-server.js';
import type { FakeApi } from '../../testing/types.js';
import type { FakeWebhookFaults } from '../../testing/webhooks/types.js';
import type { FakeWebhookEvent } from '../../testing/webhooks/wire-types.js';
import { withControlRoute } from './control-route.js';
import { Forwarder, type DeliveryAttempt } from './forwarder.js';
import { SandboxJournal } from './journal.js';
import { NoticeGate } from './notice-gate.js';
import { withStockDelayHeader } from './stock-delay-header.js';

/** Options of {@link startSandbox} (and of `partner-commerce sandbox`). */
export interface SandboxOptions {
  /** Port on 127.0.0.1. @default 0 (any free port) */
  port?: number | undefined;
  /** Products in the fake's catalog. @default 30 */
  catalogSize?: number | undefined;
  /** The fake's rate limit, or `false`. @default { limit: 60, windowMs: 60_000 } */
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
  /** The partner's local receiver; every notice is POSTed there, signed, with retries. */
  forwardTo?: string | undefined;
  /** Signing secret; else the one kept in `journalDir` (created once, stable across runs). */
  secret?: string | undefined;
  /** Retry schedule of failed deliveries, ms. @default [1000, 5000, 30000, 120000] */
  retryScheduleMs?: readonly number[] | undefined;
  /** Folder of the journal and the secret. @default `<tmpdir>/partner-commerce-sandbox` */
  journalDir?: string | undefined;
  /** Called for every notice the fake sends, before it is forwarded. */
  onEvent?: ((event: FakeWebhookEvent) => void) | undefined;
  /** Called for every delivery attempt to `forwardTo`. */
  onDelivery?: ((attempt: DeliveryAttempt) => void) | undefined;
}

/** A running local sandbox. */
export interface Sandbox {
  /** Base URL to give the client (`baseUrl`). */
  readonly url: string;
  /** The secret deliveries are signed with (see `sandboxSignatureVerifier`). */
  readonly secret: string;
  /** The fake behind it, for tests that drive it directly. */
  readonly fake: FakeApi;
  /** Waits for deliveries in flight, cancels scheduled retries, stops the server. Calling it again waits for the same close. */
  close(): Promise<void>;
}

/** The journal folder used when none is given. */
export function defaultJournalDir(): string {
  return join(tmpdir(), 'partner-commerce-sandbox');
}

/**
 * Serves the testing kit's fake sandbox API on loopback, journals every notice it sends and
 * forwards each to the partner's receiver, signed, retrying failures like a real sender. Also serves
 * `POST /_partner-commerce/produtos`, through which `trigger` causes product events on the catalog.
 * The same thing `partner-commerce sandbox` runs, callable from a test suite.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const journal = new SandboxJournal(options.journalDir ?? defaultJournalDir());
  const secret = options.secret ?? journal.secret();
  const forwarder = options.forwardTo ? new Forwarder({ url: options.forwardTo, secret, retryScheduleMs: options.retryScheduleMs, onAttempt: options.onDelivery }) : undefined;
  const gate = new NoticeGate((event) => {
    journal.append({ at: new Date().toISOString(), event });
    options.onEvent?.(event);
    forwarder?.send(event);
  });
  const fake = createFakeApi({
    catalogSize: options.catalogSize,
    rateLimit: options.rateLimit,
    stockWebhookDelayMs: options.stockWebhookDelayMs,
    sendNulls: options.sendNulls,
    webhookFaults: options.webhookFaults,
    onWebhook: (event) => gate.push(event),
  });
  // The fake's API, plus the sandbox's own route for product events (`trigger produto.*`).
  const server = await listen(withStockDelayHeader(withControlRoute(fake, gate), options.stockWebhookDelayMs ?? DEFAULT_STOCK_WEBHOOK_DELAY_MS), { port: options.port ?? 0 });
  // One close for every caller: a test's afterEach may close what the test already closed.
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    secret,
    fake,
    close: () =>
      (closing ??= (async () => {
        await forwarder?.close();
        await server.close();
      })()),
  };
}

/** Options of {@link replayJournal}. */
export interface ReplayOptions {
  /** Where to deliver. */
  forwardTo: string;
  /** Replay notices sent at or after this time. */
  since: Date;
  /** Folder of the journal. @default {@link defaultJournalDir} */
  journalDir?: string | undefined;
  /** Signing secret; else the one kept in the journal folder. */
  secret?: string | undefined;
  /** Called for every delivery attempt. */
  onDelivery?: ((attempt: DeliveryAttempt) => void) | undefined;
}

/** Delivers again, in order and once each, the journaled notices since `since`; returns the attempts. */
export async function replayJournal(options: ReplayOptions): Promise<DeliveryAttempt[]> {
  const journal = new SandboxJournal(options.journalDir ?? defaultJournalDir());
  const forwarder = new Forwarder({ url: options.forwardTo, secret: options.secret ?? journal.secret(), onAttempt: options.onDelivery });
  const attempts: DeliveryAttempt[] = [];
  for (const entry of journal.since(options.since)) attempts.push(await forwarder.sendOnce(entry.event));
  return attempts;
}
