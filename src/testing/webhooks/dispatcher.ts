import { permissionForEvent } from '../core/permissions.js';
import { toBrasilia } from '../core/timestamp.js';
import type { Account } from '../state/account.js';
import type { FakeWebhookDelivery, FakeWebhookHandler } from './types.js';
import type { FakeAnyEventKind, FakeWebhookEvent, WireDados } from './wire-types.js';

/** An event a route asked for, before it has an envelope. */
export interface PendingEvent<K extends FakeAnyEventKind = FakeAnyEventKind> {
  readonly evento: K;
  readonly dados: WireDados<K>;
}

/** Where notices go: a callback, a URL, both, or neither (they are still recorded). */
export interface WebhookTargets {
  readonly onWebhook: FakeWebhookHandler | undefined;
  readonly webhookUrl: string | undefined;
}

/**
 * Wraps events in the spec's envelope and delivers them, in order, to the callback and then the URL.
 * A failing receiver never breaks the API call that caused the event: the failure is recorded on the
 * delivery (`errors`) instead. Notices are not retried (the spec does not show its retry schedule).
 */
export class WebhookDispatcher {
  /** Every notice sent, oldest first. */
  readonly deliveries: FakeWebhookDelivery[] = [];
  readonly #inFlight = new Set<Promise<void>>();

  constructor(
    private readonly targets: WebhookTargets,
    private readonly now: () => Date,
  ) {}

  /**
   * Delivers `events` to `account`'s receivers one after the other. An event the integration has no
   * read permission for is not sent: the spec lets an integration subscribe only to what it can read.
   */
  async send(account: Account, events: readonly PendingEvent[]): Promise<void> {
    for (const pending of events) {
      const needed = permissionForEvent(pending.evento);
      if (needed !== undefined && !account.can(needed)) continue;
      await this.#deliver(account.token, this.#envelope(account, pending));
    }
  }

  /** Lets {@link WebhookDispatcher.idle} wait for a delivery started outside a request (a timer). */
  track(delivery: Promise<void>): void {
    this.#inFlight.add(delivery);
    void delivery.finally(() => this.#inFlight.delete(delivery));
  }

  /** Resolves once every tracked delivery has settled. */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  #envelope(account: Account, { evento, dados }: PendingEvent): FakeWebhookEvent {
    const event = {
      id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
      evento,
      criadoEm: toBrasilia(this.now()),
      ambiente: 'sandbox',
      integracao: { ...account.integracao },
      // A copy, so later changes to the account's records never show in a notice already made.
      dados: structuredClone(dados),
    };
    return event as FakeWebhookEvent;
  }

  async #deliver(token: string, event: FakeWebhookEvent): Promise<void> {
    const errors: unknown[] = [];
    this.deliveries.push({ event, token, errors });
    const { onWebhook, webhookUrl } = this.targets;
    if (onWebhook) {
      try {
        await onWebhook(structuredClone(event), { token });
      } catch (err) {
        errors.push(err);
      }
    }
    if (webhookUrl !== undefined) {
      try {
        await post(webhookUrl, event);
      } catch (err) {
        errors.push(err);
      }
    }
  }
}

// The global fetch, looked up at delivery time, so msw (or any patch) in place then sees the POST.
async function post(url: string, event: FakeWebhookEvent): Promise<void> {
  const response = await globalThis.fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`webhookUrl answered ${response.status} to ${event.evento} ${event.id}`);
}
