import { appendKeepingLast } from '../core/keep-last.js';
import { permissionForEvent } from '../core/permissions.js';
import { toBrasilia } from '../core/timestamp.js';
import type { Account } from '../state/account.js';
import type { DeliveryFaults } from './delivery-faults.js';
import type { FakeWebhookDelivery, FakeWebhookHandler, FakeWebhookSigner } from './types.js';
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

/** How notices travel: signed or not, and the faults on the way. */
export interface DeliveryOptions {
  readonly sign: FakeWebhookSigner | undefined;
  readonly faults: DeliveryFaults | undefined;
}

type Fault = FakeWebhookDelivery['fault'];
type Outgoing = { token: string; event: FakeWebhookEvent; body: string; headers: Record<string, string> };

/**
 * Wraps events in the spec's envelope and delivers them, in order, to the callback and then the URL.
 * A failing receiver never breaks the API call that caused the event: the failure is recorded on the
 * delivery (`errors`) instead. Notices are not retried (the spec does not show its retry schedule).
 * With delivery faults on, each notice may be dropped, duplicated, delayed or reordered.
 */
export class WebhookDispatcher {
  /** The notices sent, oldest first: the last `maxDeliveries`. */
  readonly deliveries: FakeWebhookDelivery[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  /** Delayed notices and duplicates, by their timer, in the order they were scheduled. */
  readonly #timers = new Map<ReturnType<typeof setTimeout>, () => void>();
  /** Reordered notices waiting for the next delivery to their token. */
  readonly #held = new Map<string, Outgoing[]>();

  constructor(
    private readonly targets: WebhookTargets,
    private readonly now: () => Date,
    private delivery: DeliveryOptions,
    private readonly maxDeliveries: number,
  ) {}

  /** Replaces the delivery faults (the draws restart from their seed). */
  setFaults(faults: DeliveryFaults | undefined): void {
    this.delivery = { ...this.delivery, faults };
  }

  /**
   * Delivers `events` to `account`'s receivers one after the other. An event the integration has no
   * read permission for is not sent: the spec lets an integration subscribe only to what it can read.
   */
  async send(account: Account, events: readonly PendingEvent[]): Promise<void> {
    for (const pending of events) {
      const needed = permissionForEvent(pending.evento);
      if (needed !== undefined && !account.can(needed)) continue;
      const event = this.#envelope(account, pending);
      let outgoing: Outgoing;
      try {
        outgoing = await this.#prepare(account.token, event);
      } catch (err) {
        // A signer that throws is the test's bug: recorded like a failed delivery, never an API error.
        this.#record({ event, token: account.token, errors: [err] });
        continue;
      }
      await this.#route(outgoing);
    }
  }

  /** Lets {@link WebhookDispatcher.idle} wait for a delivery started outside a request (a timer). */
  track(delivery: Promise<void>): void {
    this.#inFlight.add(delivery);
    void delivery.finally(() => this.#inFlight.delete(delivery));
  }

  /** Delivers now what delays and reordering hold back (in the order they were held). */
  flush(): void {
    const due = [...this.#timers.entries()];
    this.#timers.clear();
    for (const [timer, fire] of due) {
      clearTimeout(timer);
      fire();
    }
    for (const token of [...this.#held.keys()]) this.track(this.#release(token));
  }

  /** True while delayed, duplicated or reordered notices wait. */
  holding(): boolean {
    return this.#timers.size > 0 || this.#held.size > 0;
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

  /** The body and headers of a notice, signed once (duplicates are the same bytes). */
  async #prepare(token: string, event: FakeWebhookEvent): Promise<Outgoing> {
    const body = JSON.stringify(event);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const { sign } = this.delivery;
    if (sign) for (const [name, value] of Object.entries(await sign(body, { token, event: structuredClone(event) }))) headers[name.toLowerCase()] = String(value);
    return { token, event, body, headers };
  }

  #record(delivery: FakeWebhookDelivery): void {
    appendKeepingLast(this.deliveries, delivery, this.maxDeliveries);
  }

  /** Applies the faults drawn for a notice, then delivers what is due now. */
  async #route(outgoing: Outgoing): Promise<void> {
    const faults = this.delivery.faults;
    const fate = faults?.next();
    if (!faults || !fate) return this.#deliverAndRelease(outgoing, undefined);
    if (fate.drop) {
      this.#record({ event: outgoing.event, token: outgoing.token, errors: [], fault: 'drop' });
      return;
    }
    if (fate.delay) this.#later(outgoing, 'delay', faults.delayMs);
    else if (fate.reorder) this.#hold(outgoing);
    else await this.#deliverAndRelease(outgoing, undefined);
    if (fate.duplicate) this.#later(outgoing, 'duplicate', faults.delayMs);
  }

  #later(outgoing: Outgoing, fault: Fault, delayMs: number): void {
    const fire = () => this.track(this.#deliver(outgoing, fault));
    // The global setTimeout, read now, so fake timers drive it; unref'd so it never keeps a process alive.
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      fire();
    }, delayMs);
    (timer as { unref?: () => unknown }).unref?.();
    this.#timers.set(timer, fire);
  }

  #hold(outgoing: Outgoing): void {
    const held = this.#held.get(outgoing.token) ?? [];
    held.push(outgoing);
    this.#held.set(outgoing.token, held);
  }

  async #deliverAndRelease(outgoing: Outgoing, fault: Fault): Promise<void> {
    await this.#deliver(outgoing, fault);
    await this.#release(outgoing.token);
  }

  /** Delivers the reordered notices held for `token`, now that a later one has gone. */
  async #release(token: string): Promise<void> {
    const held = this.#held.get(token);
    if (!held) return;
    this.#held.delete(token);
    for (const outgoing of held) await this.#deliver(outgoing, 'reorder');
  }

  async #deliver({ token, event, body, headers }: Outgoing, fault: Fault): Promise<void> {
    const errors: unknown[] = [];
    this.#record({ event, token, errors, ...(fault ? { fault } : {}) });
    const { onWebhook, webhookUrl } = this.targets;
    if (onWebhook) {
      try {
        await onWebhook(structuredClone(event), { token, body, headers: { ...headers } });
      } catch (err) {
        errors.push(err);
      }
    }
    if (webhookUrl !== undefined) {
      try {
        await post(webhookUrl, event, body, headers);
      } catch (err) {
        errors.push(err);
      }
    }
  }
}

// The global fetch, looked up at delivery time, so msw (or any patch) in place then sees the POST.
async function post(url: string, event: FakeWebhookEvent, body: string, headers: Record<string, string>): Promise<void> {
  const response = await globalThis.fetch(url, { method: 'POST', headers, body });
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`webhookUrl answered ${response.status} to ${event.evento} ${event.id}`);
}
