/** @internal A caller taken off the queue: exactly one of the two is called. */
export interface Waiter<T> {
  grant(value: T): void;
  fail(reason: unknown): void;
}

interface Entry<T, W> extends Waiter<T> {
  readonly signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  /** Hears once that the caller waits for budget; cleared once told. */
  onWait: ((wait: W) => void) | undefined;
}

/**
 * @internal Callers waiting for budget, first come first served. A Set keeps insertion order and
 * removes an aborted caller in O(1), wherever it stands in the line.
 */
export class WaiterQueue<T, W> {
  readonly #entries = new Set<Entry<T, W>>();
  readonly #onAbandon: () => void;
  /** Callers whose `onWait` has not been called yet, so that telling nobody costs nothing. */
  #untold = 0;

  /** `onAbandon` runs after an aborted caller has left, so the owner can drop a timer nobody needs. */
  constructor(onAbandon: () => void) {
    this.#onAbandon = onAbandon;
  }

  /** Callers still waiting. */
  get size(): number {
    return this.#entries.size;
  }

  /** Queues a caller; aborting `signal` rejects it at once with `signal.reason` and removes it. */
  add(signal: AbortSignal | undefined, onWait: ((wait: W) => void) | undefined): Promise<T> {
    return new Promise<T>((grant, fail) => {
      const entry: Entry<T, W> = { signal, onWait, grant, fail, onAbort: undefined };
      if (signal !== undefined) {
        entry.onAbort = () => {
          if (entry.onWait !== undefined) this.#untold--;
          this.#entries.delete(entry);
          fail(signal.reason);
          this.#onAbandon();
        };
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      if (onWait !== undefined) this.#untold++;
      this.#entries.add(entry);
    });
  }

  /**
   * Tells each caller not told yet that it waits: the first in line with `first` (the store's
   * refusal, when it was this line's head), the others with `behind`.
   */
  tell(first: W | undefined, behind: W): void {
    for (const entry of this.#entries) {
      if (this.#untold === 0) return;
      const onWait = entry.onWait;
      if (onWait !== undefined) {
        entry.onWait = undefined;
        this.#untold--;
        onWait(first ?? behind);
      }
      first = undefined;
    }
  }

  /** Removes the caller that has waited longest. */
  shift(): Waiter<T> | undefined {
    const first = this.#entries.values().next();
    if (first.done) return undefined;
    const entry = first.value;
    this.#entries.delete(entry);
    if (entry.onWait !== undefined) this.#untold--;
    if (entry.onAbort !== undefined) entry.signal?.removeEventListener('abort', entry.onAbort);
    return entry;
  }
}
