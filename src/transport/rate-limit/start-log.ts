/**
 * @internal The start times of the last `capacity` calls, to enforce "at most `capacity` starts in
 * any `windowMs`". A sliding window rather than a fixed one because the server's window boundaries
 * are not known: with fixed local windows out of phase with the server's, a burst at the end of one
 * and the start of the next could put twice the limit into a single server window.
 */
export class StartLog {
  readonly #times: Float64Array;
  readonly #windowMs: number;
  /** Index of the oldest entry once the ring is full; the next write goes there too. */
  #next = 0;
  #size = 0;

  constructor(capacity: number, windowMs: number) {
    this.#times = new Float64Array(capacity);
    this.#windowMs = windowMs;
  }

  /**
   * Undefined when a call may start now, else the epoch ms at which the oldest of the last
   * `capacity` starts leaves the window. O(1): this runs on every acquire.
   */
  blockedUntil(now: number): number | undefined {
    if (this.#size < this.#times.length) return undefined;
    const freeAt = this.#times[this.#next]! + this.#windowMs;
    return freeAt <= now ? undefined : freeAt;
  }

  /** Notes a start; the oldest entry drops out once the ring is full, as it no longer decides anything. */
  record(now: number): void {
    this.#times[this.#next] = now;
    this.#next = (this.#next + 1) % this.#times.length;
    if (this.#size < this.#times.length) this.#size++;
  }

  /** Starts still allowed in the window ending now; O(capacity), so only for snapshots. */
  available(now: number): number {
    let inWindow = 0;
    for (let i = 0; i < this.#size; i++) if (this.#times[i]! + this.#windowMs > now) inWindow++;
    return this.#times.length - inWindow;
  }
}
