import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let fromContext: (() => void) | undefined;

/**
 * The engine's full collection, whatever pool runs the file: a worker thread refuses `--expose-gc` in
 * its execArgv, so the flag is set at run time and `gc` read from a fresh context that sees it.
 */
export function exposedGc(): () => void {
  const own = (globalThis as { gc?: () => void }).gc;
  if (own) return own;
  if (!fromContext) {
    setFlagsFromString('--expose-gc');
    fromContext = runInNewContext('gc') as () => void;
  }
  return fromContext;
}

/**
 * A full collection before reading the heap. With `turn`, then one turn of the event loop
 * (FinalizationRegistry callbacks, timers already due and setImmediate work run, as between bursts of
 * a real process) and a second collection for what those callbacks let go. Without it, objects waiting
 * for such a callback still count, as they do in a loop of in-process calls that never yields.
 */
export async function collectGarbage(turn: boolean): Promise<void> {
  const gc = exposedGc();
  gc();
  if (!turn) return;
  await new Promise((resolve) => setImmediate(resolve));
  gc();
}
