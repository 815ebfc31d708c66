/**
 * @internal Wakes the feed's waiting readers (long-poll, SSE) once the change log grows past their
 * position. Three sources, because one is not enough: the mirror's own commits (at once, in process);
 * a poll of the log's last position every `pollIntervalMs` while anyone waits (another process writing
 * the same store); and one check right after a waiter registers, since a commit between the reader's
 * empty read and its registration would otherwise wake no one.
 */
export class TailWatch {
  readonly #lastPosition: () => Promise<number>;
  readonly #pollIntervalMs: number;
  readonly #waiters = new Set<{ after: number; wake: () => void }>();
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(lastPosition: () => Promise<number>, pollIntervalMs: number) {
    this.#lastPosition = lastPosition;
    this.#pollIntervalMs = pollIntervalMs;
  }

  /** The log now reaches `position` (a commit of this process): wakes whoever waits for less. */
  reached(position: number): void {
    for (const waiter of this.#waiters) if (position > waiter.after) waiter.wake();
  }

  /** Resolves once the log holds a change after `after`, after `ms`, or on `signal`, whichever is first. */
  wait(after: number, ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = {
        after,
        wake: () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', waiter.wake);
          this.#waiters.delete(waiter);
          if (this.#waiters.size === 0) this.#stopPolling();
          resolve();
        },
      };
      const timer = setTimeout(waiter.wake, ms);
      signal.addEventListener('abort', waiter.wake, { once: true });
      this.#waiters.add(waiter);
      this.#startPolling();
      void this.#check();
    });
  }

  /** Stops polling and wakes every waiter (the server is closing). */
  close(): void {
    for (const waiter of [...this.#waiters]) waiter.wake();
    this.#stopPolling();
  }

  async #check(): Promise<void> {
    // A store closing under a poll is the server's close, which wakes everyone itself.
    const last = await this.#lastPosition().catch(() => undefined);
    if (last !== undefined) this.reached(last);
  }

  #startPolling(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => void this.#check(), this.#pollIntervalMs);
    // A waiting reader must not keep the process alive on its own.
    (this.#timer as { unref?: () => void }).unref?.();
  }

  #stopPolling(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
