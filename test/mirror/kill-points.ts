/**
 * Named crash points for the crash tests' child processes. A child calls {@link killPoint} at each
 * point it passes; the parent names one point in the child's `KILL_AT` environment variable, and the
 * child SIGKILLs itself right there, synchronously, so where it died never depends on timing. Each
 * point is printed first, so the parent can also see which points a run passed.
 */
import type { MirrorStore } from '../../src/mirror/index.js';

/** The point this run dies at, from `KILL_AT` (none: the run goes to its end). */
const killAt = process.env.KILL_AT;

/** Prints `name` as a line and, when it is the run's `KILL_AT`, SIGKILLs this process at once. */
export function killPoint(name: string): void {
  // Writes to a pipe are synchronous on Linux, so the line is out before the signal.
  process.stdout.write(`${name}\n`);
  if (name === killAt) process.kill(process.pid, 'SIGKILL');
}

/**
 * `store` with a named point around each of its transactions, counted from 1: `tx N body-done` once
 * the transaction's work ran but before it commits (a kill there rolls it back), and `tx N committed`
 * right after it committed.
 */
export function withTransactionPoints(store: MirrorStore): MirrorStore {
  let count = 0;
  const transaction: MirrorStore['transaction'] = async (fn) => {
    const n = ++count;
    const result = await store.transaction(async (tx) => {
      const out = await fn(tx);
      killPoint(`tx ${n} body-done`);
      return out;
    });
    killPoint(`tx ${n} committed`);
    return result;
  };
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'transaction') return transaction;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
