import { checkMirrorOptionsWith, startOptionsSchema } from './mirror-options.js';

/** Options of `mirror.start()`. */
export interface MirrorStartOptions {
  /** Wait between the end of one follow run and the start of the next, ms (0 to 2147483647). @default 60_000 */
  intervalMs?: number | undefined;
  /** Called with a run's error; the next run tries again. @default console.error */
  onError?: ((err: unknown) => void) | undefined;
}

/**
 * @internal The options of `mirror.start()`, checked before the loop starts (a bad interval would
 * otherwise surface as a spinning loop or a timer that fires at once).
 * @throws InvalidInputError naming each bad option.
 */
export function checkStartOptions(options: unknown): { intervalMs: number; onError: (err: unknown) => void } {
  const given = options ?? {};
  checkMirrorOptionsWith(startOptionsSchema, given, 'start()', { path: 'options', message: 'must be an object ({ intervalMs?, onError? })' });
  const { intervalMs, onError } = given as MirrorStartOptions;
  return { intervalMs: intervalMs ?? 60_000, onError: onError ?? console.error };
}
