import { webhookSignatureHeaders } from '../../testing/index.js';

/** Retry schedule of a failed delivery, ms after the previous attempt (like a real sender, shortened). */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000];

/** What happened to one delivery attempt. */
export interface DeliveryAttempt {
  readonly eventId: string;
  readonly evento: string;
  /** The receiver it was posted to (one of `--forward-to`). */
  readonly url: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** The receiver's HTTP status, or `null` when it could not be reached. */
  readonly status: number | null;
  /** Why it failed, when it did. */
  readonly error?: string | undefined;
  /**
   * Where a 3xx answer pointed (its `Location`, as sent). Never followed: the signed notice goes to
   * the receiver given, not to whatever origin it names; the attempt counts as failed.
   */
  readonly location?: string | undefined;
  readonly ms: number;
  /** True when another attempt is scheduled. */
  readonly willRetry: boolean;
}

/** Options of {@link Forwarder}. */
export interface ForwarderOptions {
  url: string;
  /** One secret, or several while rotating (one signature each, the current one first). */
  secret: string | readonly string[];
  retryScheduleMs?: readonly number[] | undefined;
  /** Limit of one attempt, ms. @default 10000 */
  timeoutMs?: number | undefined;
  onAttempt?: ((attempt: DeliveryAttempt) => void) | undefined;
}

/**
 * Posts notices to the partner's local receiver, signed, retrying failures (no answer, a redirect
 * or not 2xx) on a schedule. Deliveries run in the background: the fake's API answers never wait for them.
 */
export class Forwarder {
  readonly #pending = new Set<Promise<void>>();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  #closed = false;

  constructor(readonly options: ForwarderOptions) {}

  /** Starts delivering `event`; returns at once. */
  send(event: { id: string; evento: string }): void {
    this.#track(this.#attempt(JSON.stringify(event), event, 1));
  }

  /** Delivers `event` once, without retries, and reports the attempt (for replays). */
  async sendOnce(event: { id: string; evento: string }): Promise<DeliveryAttempt> {
    return this.#post(JSON.stringify(event), event, 1, false);
  }

  /** Waits for deliveries in flight; cancels scheduled retries. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
    await Promise.all([...this.#pending]);
  }

  #track(p: Promise<void>): void {
    this.#pending.add(p);
    void p.finally(() => this.#pending.delete(p));
  }

  async #attempt(body: string, event: { id: string; evento: string }, attempt: number): Promise<void> {
    const schedule = this.options.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS;
    const canRetry = !this.#closed && attempt <= schedule.length;
    const result = await this.#post(body, event, attempt, canRetry);
    if (!result.willRetry) return;
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        this.#track(this.#attempt(body, event, attempt + 1));
      },
      schedule[attempt - 1],
    );
    timer.unref?.();
    this.#timers.add(timer);
  }

  async #post(body: string, event: { id: string; evento: string }, attempt: number, canRetry: boolean): Promise<DeliveryAttempt> {
    const started = Date.now();
    let status: number | null = null;
    let error: string | undefined;
    let location: string | undefined;
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // Signed per attempt (a fresh time), by the testing kit's scheme: see signature.ts.
          ...(await webhookSignatureHeaders(this.options.secret, body)),
          'x-sandbox-delivery-attempt': String(attempt),
        },
        body,
        // A redirect would carry the signed notice to another origin: it is a failed delivery.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      status = response.status;
      await response.body?.cancel();
      if (status >= 300 && status < 400) {
        location = response.headers.get('location') ?? undefined;
        error = `answered ${status}, a redirect to ${location ?? '(no Location)'}, not followed`;
      } else if (!response.ok) error = `answered ${status}`;
    } catch (err) {
      error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    }
    const result: DeliveryAttempt = {
      eventId: event.id,
      evento: event.evento,
      url: this.options.url,
      attempt,
      status,
      error,
      location,
      ms: Date.now() - started,
      willRetry: error !== undefined && canRetry,
    };
    this.options.onAttempt?.(result);
    return result;
  }
}
