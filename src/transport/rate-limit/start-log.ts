/**
 * @internal The start times of the calls that still count in the last `windowMs`, to enforce "at
 * most `capacity` starts in any `windowMs`". A sliding window rather than a fixed one because the
 * server's window boundaries are not known: with fixed local windows out of phase with the server's,
 * a burst at the end of one and the start of the next could put twice the limit into a single server
 * window. A start can be taken back (a call refused with 429, or never sent: neither counts).
 */
export class StartLog {
  /** Oldest first; holds at most `capacity` entries, so memory stays bounded by the limit. */
  readonly #times: number[] = [];
  readonly #capacity: number;
  readonly #windowMs: number;
  /** Index of the oldest entry still in the window; entries before it have left and are dropped in bulk. */
  #head = 0;

  constructor(capacity: number, windowMs: number) {
    this.#capacity = capacity;
    this.#windowMs = windowMs;
  }

  /**
   * Undefined when a call may start now, else the epoch ms at which the oldest start leaves the
   * window. Amortised O(1): this runs on every acquire.
   */
  blockedUntil(now: number): number | undefined {
    this.#prune(now);
    if (this.#times.length - this.#head < this.#capacity) return undefined;
    return this.#times[this.#head]! + this.#windowMs;
  }

  /** Notes a start at `now`. */
  record(now: number): void {
    this.#times.push(now);
  }

  /** Takes back one start made at `at`, so its slot is free again at once. */
  forget(at: number): void {
    for (let i = this.#times.length - 1; i >= this.#head; i--) {
      if (this.#times[i] === at) {
        this.#times.splice(i, 1);
        return;
      }
    }
  }

  /** Starts still allowed in the window ending now. */
  available(now: number): number {
    this.#prune(now);
    return this.#capacity - (this.#times.length - this.#head);
  }

  #prune(now: number): void {
    while (this.#head < this.#times.length && this.#times[this.#head]! + this.#windowMs <= now) this.#head++;
    // Compact once the dropped prefix is as long as what is kept, so the array never grows without bound.
    if (this.#head > 0 && this.#head >= this.#times.length - this.#head) {
      this.#times.splice(0, this.#head);
      this.#head = 0;
    }
  }
}
