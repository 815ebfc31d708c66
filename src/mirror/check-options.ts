import { startOptionsSchema } from './mirror-options.js';
import { checkOptionsWith } from '../errors/check-options.js';
import { auditScheduleIssues } from './audit/audit-options.js';
import type { AuditScheduleOptions } from './audit/audit-types.js';

/** Options of `mirror.start()`. */
export interface MirrorStartOptions {
  /** Wait between the end of one follow run and the start of the next, ms (0 to 2147483647). @default 60_000 */
  intervalMs?: number | undefined;
  /** Called with a run's error; the next run tries again. @default console.error */
  onError?: ((err: unknown) => void) | undefined;
  /**
   * Also runs the drift audit (`mirror.audit()`) in a loop of its own, beside the follows: `true` for the
   * defaults (10% of the rate budget, the rest of the pass each run, every 30 minutes), or
   * `{ share, sample, everyMs }`. @default false
   */
  audit?: boolean | AuditScheduleOptions | undefined;
}

/**
 * @internal The options of `mirror.start()`, checked before the loop starts (a bad interval would
 * otherwise surface as a spinning loop or a timer that fires at once).
 * @throws InvalidInputError naming each bad option.
 */
export function checkStartOptions(options: unknown): { intervalMs: number; onError: (err: unknown) => void } {
  const given = options ?? {};
  checkOptionsWith(startOptionsSchema, given, 'start()', { path: 'options', message: 'must be an object ({ intervalMs?, onError?, audit? })' }, (issues) =>
    issues.push(...auditScheduleIssues((given as MirrorStartOptions).audit)),
  );
  const { intervalMs, onError } = given as MirrorStartOptions;
  return { intervalMs: intervalMs ?? 60_000, onError: onError ?? console.error };
}
