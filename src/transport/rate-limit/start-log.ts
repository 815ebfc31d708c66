/**
 * @internal The start times of the last `capacity` calls, to enforce "at most `capacity` starts in
 * any `windowMs`". A sliding window rather than a fixed one because the server's window boundaries
 * are not known: with fixed local windows out of phase with the server's, a burst at the end of one
 * and the start of the next could put twice the limit into a single server window.
 */
export class StartLog {
  /** Grows with use up to `capacity`, so a generous limit (say a million a minute) costs nothing up front. */
  readonly #times: number[] = [];
  readonly #capacity: number;
  readonly #windowMs: number;
  /** Index of the oldest entry once the ring is full; the next write goes there too. */
  #next = 0;

  constructor(capacity: number, windowMs: number) {
    this.#capacity = capacity;
    this.#windowMs = windowMs;
  }

  /**
   * Undefined when a call may start now, else the epoch ms at which the oldest of the last
   * `capacity` starts leaves the window. O(1): this runs on every acquire.
   */
  blockedUntil(now: number): number | undefined {
    if (this.#times.length < this.#capacity) return undefined;
    const freeAt = this.#times[this.#next]! + this.#windowMs;
    return freeAt <= now ? undefined : freeAt;
  }

  /** Notes a start; the oldest entry drops out once the ring is full, as it no longer decides anything. */
  record(now: number): void {
    if (this.#times.length < this.#capacity) {
      this.#times.push(now);
      return;
    }
    this.#times[this.#next] = now;
    this.#next = (this.#next + 1) % this.#capacity;
  }

  /** Starts still allowed in the window ending now; O(entries), so only for snapshots. */
  available(now: number): number {
    let inWindow = 0;
    for (const t of this.#times) if (t + this.#windowMs > now) inWindow++;
    return this.#capacity - inWindow;
  }
}
