import type { DedupeStore } from './dedupe.js';

/** What happened to one id: its work ran, it had run before, or another process holds it. */
export type OnceOutcome = 'handled' | 'duplicate' | 'in-flight';

/**
 * Runs `work` for `id` unless it already ran; see {@link createRunOnce}. `onRecordFailed` is told when
 * recording the id failed after the work succeeded (the work is not undone; a redelivery may repeat it).
 */
export type RunOnce = (id: string, work: () => Promise<unknown>, onRecordFailed: (error: unknown) => void) => Promise<OnceOutcome>;

/** Thrown when the store could not be read: nobody knows whether the event ran, so the answer is 500. */
export class DedupeStoreError extends Error {
  override name = 'DedupeStoreError';
}

/**
 * @internal Runs each id's work at most once per store:
 *
 * - in this process, deliveries of one id are serialised by an in-flight marker set before any await,
 *   so two copies arriving together never both run: the second waits for the first, then finds the id
 *   recorded (answered as a duplicate) or, if the first failed, runs the work itself;
 * - across processes, a store with `reserve` decides who runs; the loser gets `in-flight` (409);
 * - the id is recorded only after the work succeeded, so a failure leaves it free for the redelivery.
 */
export function createRunOnce(store: DedupeStore, ttlMs: number, reserveTtlMs: number): RunOnce {
  const inFlight = new Map<string, Promise<void>>();
  return async (id, work, onRecordFailed) => {
    for (let pending = inFlight.get(id); pending; pending = inFlight.get(id)) await pending;
    let done!: () => void;
    inFlight.set(id, new Promise<void>((resolve) => (done = resolve)));
    let reserved = false;
    try {
      if (await read(() => store.has(id))) return 'duplicate';
      if (store.reserve) {
        reserved = await read(() => store.reserve!(id, reserveTtlMs));
        if (!reserved) return (await read(() => store.has(id))) ? 'duplicate' : 'in-flight';
      }
      try {
        await work();
      } catch (err) {
        if (reserved) await Promise.resolve(store.release?.(id)).catch(() => {}); // best effort; the reservation expires anyway
        throw err;
      }
      try {
        await store.add(id, ttlMs);
      } catch (err) {
        onRecordFailed(err);
      }
      return 'handled';
    } finally {
      inFlight.delete(id);
      done();
    }
  };
}

async function read<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw new DedupeStoreError(`the dedupe store failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}
