/** @internal A caller taken off the queue: exactly one of the two is called. */
export interface Waiter<T> {
  grant(value: T): void;
  fail(reason: unknown): void;
}

interface Entry<T> extends Waiter<T> {
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

/**
 * @internal Callers waiting for budget, first come first served. A Set keeps insertion order and
 * removes an aborted caller in O(1), wherever it stands in the line.
 */
export class WaiterQueue<T> {
  readonly #entries = new Set<Entry<T>>();
  readonly #onAbandon: () => void;

  /** `onAbandon` runs after an aborted caller has left, so the owner can drop a timer nobody needs. */
  constructor(onAbandon: () => void) {
    this.#onAbandon = onAbandon;
  }

  /** Callers still waiting. */
  get size(): number {
    return this.#entries.size;
  }

  /** Queues a caller; aborting `signal` rejects it at once with `signal.reason` and removes it. */
  add(signal: AbortSignal | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Entry<T> = {
        signal,
        grant: resolve,
        fail: reject,
        onAbort: () => {
          this.#entries.delete(entry);
          reject(signal?.reason);
          this.#onAbandon();
        },
      };
      signal?.addEventListener('abort', entry.onAbort, { once: true });
      this.#entries.add(entry);
    });
  }

  /** Removes the caller that has waited longest. */
  shift(): Waiter<T> | undefined {
    const first = this.#entries.values().next();
    if (first.done) return undefined;
    const entry = first.value;
    this.#entries.delete(entry);
    entry.signal?.removeEventListener('abort', entry.onAbort);
    return entry;
  }
}
