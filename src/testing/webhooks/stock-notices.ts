/**
 * The spec's delayed stock notices: the first change of a product starts a timer; changes to the same
 * product before it fires join that notice, which carries the product's state when it is sent.
 * `setTimeout` is the global one, read at each change, so fake timers drive it; the timer is unref'd
 * so a pending notice never keeps a process (or a test runner) alive.
 */
export class StockNotices {
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly delayMs: number,
    /** Sends the merged notice of a product; called once per timer. */
    private readonly fire: (sku: string) => void,
  ) {}

  /** Notes a change of `sku`; starts its timer unless one is already running. */
  changed(sku: string): void {
    if (this.#timers.has(sku)) return;
    const timer = setTimeout(() => {
      this.#timers.delete(sku);
      this.fire(sku);
    }, this.delayMs);
    (timer as { unref?: () => unknown }).unref?.();
    this.#timers.set(sku, timer);
  }

  /** Sends every pending notice now, in the order the products first changed. */
  flush(): void {
    const pending = [...this.#timers.entries()];
    this.#timers.clear();
    for (const [sku, timer] of pending) {
      clearTimeout(timer);
      this.fire(sku);
    }
  }
}
