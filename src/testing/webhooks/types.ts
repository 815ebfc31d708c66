import type { FakeWebhookEvent } from './wire-types.js';

/** Which token's account a notice was sent for (several tokens may share one fake), and the delivery as it went out. */
export interface FakeWebhookContext {
  /** The token whose account caused, or receives, the notice. */
  readonly token: string;
  /**
   * The exact body sent (the JSON text that `webhookUrl` receives): give it, with `headers`, to a
   * receiver's `handle(body, headers)` so its `verify` checks the real bytes.
   */
  readonly body: string;
  /** The headers sent: `content-type` and, when signing is on, the signature. Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
}

/** The `onWebhook` option: receives each notice as parsed JSON (money as strings). */
export type FakeWebhookHandler = (event: FakeWebhookEvent, context: FakeWebhookContext) => void | Promise<void>;

/**
 * The `signWebhook` option: the headers that sign one notice, from its exact body, by your own scheme
 * (so your real `verify` can be tested against the fake). Called once per notice; duplicates carry the
 * same headers.
 */
export type FakeWebhookSigner = (body: string, context: { readonly token: string; readonly event: FakeWebhookEvent }) => Record<string, string> | Promise<Record<string, string>>;

/**
 * Delivery faults, to prove a receiver converges: each notice draws its fate from a random seeded by
 * `seed`, so a run is repeatable. Probabilities are from 0 to 1; all default to 0.
 */
export interface FakeWebhookFaults {
  /** Lost: recorded in `fake.webhooks` with `fault: 'drop'`, never delivered. */
  drop?: number | undefined;
  /** Delivered, then delivered again (same id, same body) `delayMs` later. */
  duplicate?: number | undefined;
  /** Held back `delayMs` (the fake's timers; `flushWebhooks()` delivers it at once). */
  delay?: number | undefined;
  /** Held until the next notice to the same token has been delivered, then delivered (or at `flushWebhooks()`). */
  reorder?: number | undefined;
  /** How long a delayed notice or a duplicate waits. @default 30_000 */
  delayMs?: number | undefined;
  /** Seed of the draws. @default 0 */
  seed?: string | number | undefined;
}

/** One notice the fake sent, with what went wrong delivering it. */
export interface FakeWebhookDelivery {
  /** The notice as sent. */
  readonly event: FakeWebhookEvent;
  /** The token of the receiving account. */
  readonly token: string;
  /** Errors thrown by `onWebhook` or met posting to `webhookUrl` (network error or non-2xx); empty when both worked. */
  readonly errors: readonly unknown[];
  /**
   * The delivery fault that shaped this delivery, when `webhookFaults` are on: `drop` (never delivered),
   * `delay`, `reorder`, or `duplicate` (this is the second delivery of a notice already delivered).
   */
  readonly fault?: 'drop' | 'duplicate' | 'delay' | 'reorder' | undefined;
}
