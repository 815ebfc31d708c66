import type { RateLimitObservation } from '../../../src/transport/rate-limit/index.js';

/** Tracks whether a promise has settled, without awaiting it. */
export function track<T>(promise: Promise<T>): { readonly settled: boolean; readonly value: T | undefined; readonly error: unknown } {
  const state = { settled: false, value: undefined as T | undefined, error: undefined as unknown };
  promise.then(
    (v) => Object.assign(state, { settled: true, value: v }),
    (e: unknown) => Object.assign(state, { settled: true, error: e }),
  );
  return state;
}

/** Lets promise callbacks run (no timers advance). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** An answer with the three rate headers. */
export function answer(remaining: number, resetMs: number, extra: Partial<RateLimitObservation> = {}): RateLimitObservation {
  return { status: 200, limit: 60, remaining, resetMs, ...extra };
}

/** An answer from a server that sends no rate headers. */
export const BARE_ANSWER: RateLimitObservation = { status: 200 };

/**
 * A fake API enforcing `limit` calls per fixed window of `windowMs` (windows aligned on multiples of
 * `windowMs`, as a server's clock would), counting a call when it arrives, refusing with 429 and
 * Retry-After when over (refused calls do not count), and sending the rate headers on every answer
 * (Reset as whole seconds until the window ends, rounded up). Runs on whatever clock `Date.now()`
 * and `setTimeout` are, so fake timers drive it.
 */
export class SimulatedServer {
  accepted = 0;
  refused = 0;
  /** Most calls accepted within any one window. */
  busiestWindow = 0;
  readonly #perWindow = new Map<number, number>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly latencyMs: number,
    readonly sendHeaders = true,
  ) {}

  /** One round trip: half the latency to arrive, half to come back. */
  async handle(): Promise<{ status: number; headers: Headers }> {
    await sleep(this.latencyMs / 2);
    const now = Date.now();
    const window = Math.floor(now / this.windowMs);
    const used = this.#perWindow.get(window) ?? 0;
    const resetS = String(Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    const headers = new Headers();
    let status = 200;
    if (used >= this.limit) {
      status = 429;
      this.refused++;
      headers.set('retry-after', resetS);
    } else {
      this.#perWindow.set(window, used + 1);
      this.accepted++;
      this.busiestWindow = Math.max(this.busiestWindow, used + 1);
    }
    if (this.sendHeaders) {
      headers.set('x-ratelimit-limit', String(this.limit));
      headers.set('x-ratelimit-remaining', String(this.limit - (this.#perWindow.get(window) ?? 0)));
      headers.set('x-ratelimit-reset', resetS);
    }
    await sleep(this.latencyMs / 2);
    return { status, headers };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
