import { InvalidInputError, type InputIssue } from '../errors/invalid-input-error.js';
import { MAX_TIMER_MS } from '../internal/sleep.js';

/** The longest overlap taken: past a month, each follow re-lists most of the catalog; run `backfill()` instead. */
const MAX_MARGEM_MS = 30 * 24 * 3600 * 1000;
const START_OPTIONS = new Set(['intervalMs', 'onError']);

/** Options of `mirror.start()`. */
export interface MirrorStartOptions {
  /** Wait between the end of one follow run and the start of the next, ms (0 to 2147483647). @default 60_000 */
  intervalMs?: number | undefined;
  /** Called with a run's error; the next run tries again. @default console.error */
  onError?: ((err: unknown) => void) | undefined;
}

function checkMs(path: string, value: unknown, fallback: number, max: number, issues: InputIssue[]): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max) {
    issues.push({ path, message: `must be a number of milliseconds from 0 to ${max} (got ${typeof value === 'number' ? value : typeof value})` });
  }
  return value as number;
}

/**
 * @internal `marginMs` of `createMirror`: a negative overlap would start each follow after the mark,
 * skipping the changes in between without a word.
 * @throws InvalidInputError naming `marginMs`.
 */
export function checkMargin(value: unknown, fallback: number): number {
  const issues: InputIssue[] = [];
  const margem = checkMs('marginMs', value, fallback, MAX_MARGEM_MS, issues);
  if (issues.length > 0) throw new InvalidInputError(issues);
  return margem;
}

/**
 * @internal The options of `mirror.start()`, checked before the loop starts (a bad interval would
 * otherwise surface as a spinning loop or a timer that fires at once).
 * @throws InvalidInputError naming each bad option.
 */
export function checkStartOptions(options: unknown): { intervalMs: number; onError: (err: unknown) => void } {
  const issues: InputIssue[] = [];
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new InvalidInputError({ path: 'options', message: 'must be an object ({ intervalMs?, onError? })' });
  }
  const given = (options ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!START_OPTIONS.has(name)) issues.push({ path: name, message: `is not an option of start() (known: ${[...START_OPTIONS].join(', ')})` });
  }
  const intervalMs = checkMs('intervalMs', given.intervalMs, 60_000, MAX_TIMER_MS, issues);
  const onError = given.onError ?? console.error;
  if (typeof onError !== 'function') issues.push({ path: 'onError', message: 'must be a function' });
  if (issues.length > 0) throw new InvalidInputError(issues);
  return { intervalMs, onError: onError as (err: unknown) => void };
}
