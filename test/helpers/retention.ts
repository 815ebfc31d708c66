import { getHeapStatistics } from 'node:v8';
import { collectGarbage } from './gc.js';

/** How {@link retainedBytesPerCall} runs the calls. */
export interface RetentionOptions {
  /** Calls measured. */
  calls: number;
  /** Calls first, not measured, so compiled code, caches and pools are in place. @default calls / 4 */
  warmUp?: number;
  /**
   * Lets the event loop turn every so many calls, and before each heap reading, for code whose own
   * objects are released only then (msw's). By default it never turns, as in a tight loop of in-process
   * calls, so whatever only a FinalizationRegistry callback would release counts as retained.
   */
  turnEvery?: number;
}

/**
 * The heap bytes each call of `call` leaves reachable: the heap after a full collection, before and
 * after the measured calls, divided by their number. A measure of memory, never of time. Without
 * `turnEvery` the heap is read right after the collection, so objects waiting for a FinalizationRegistry
 * callback are still counted.
 */
export async function retainedBytesPerCall(call: () => Promise<unknown>, options: RetentionOptions): Promise<number> {
  const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  const run = async (count: number): Promise<void> => {
    for (let i = 1; i <= count; i++) {
      await call();
      if (options.turnEvery !== undefined && i % options.turnEvery === 0) await turn();
    }
  };
  const heap = async (): Promise<number> => {
    await collectGarbage(options.turnEvery !== undefined);
    return getHeapStatistics().used_heap_size;
  };
  await run(options.warmUp ?? Math.ceil(options.calls / 4));
  const before = await heap();
  await run(options.calls);
  return ((await heap()) - before) / options.calls;
}
