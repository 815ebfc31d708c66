import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The engine's full collection, whatever pool runs the file: a worker thread refuses `--expose-gc` in
 * its execArgv, so the flag is set at run time and `gc` read from a fresh context that sees it.
 */
export function exposedGc(): () => void {
  const own = (globalThis as { gc?: () => void }).gc;
  if (own) return own;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
