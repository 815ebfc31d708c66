import type { FakeWebhookEvent } from './wire-types.js';

/** Which token's account a notice was sent for (several tokens may share one fake). */
export interface FakeWebhookContext {
  /** The token whose account caused, or receives, the notice. */
  readonly token: string;
}

/** The `onWebhook` option: receives each notice as parsed JSON (money as strings). */
export type FakeWebhookHandler = (event: FakeWebhookEvent, context: FakeWebhookContext) => void | Promise<void>;

/** One notice the fake sent, with what went wrong delivering it. */
export interface FakeWebhookDelivery {
  /** The notice as sent. */
  readonly event: FakeWebhookEvent;
  /** The token of the receiving account. */
  readonly token: string;
  /** Errors thrown by `onWebhook` or met posting to `webhookUrl` (network error or non-2xx); empty when both worked. */
  readonly errors: readonly unknown[];
}
