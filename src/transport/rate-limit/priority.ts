import type { InputIssue } from '../../errors/invalid-input-error.js';

/**
 * How urgent a call is when it has to wait for rate budget. Waiting `interactive` calls (an order
 * placed by a shopper, a label printed at the counter) are served before `normal` ones, and those
 * before `bulk` ones (a catalog backfill), in this process and, with a shared store, across every
 * process that shares the budget. Within one priority, waiters are served first come, first served.
 */
export type RatePriority = 'interactive' | 'normal' | 'bulk';

/** The priorities, most urgent first. */
export const RATE_PRIORITIES: readonly RatePriority[] = Object.freeze(['interactive', 'normal', 'bulk']);

/** The priority of a call that names none, and of a client that sets no default. */
export const DEFAULT_PRIORITY: RatePriority = 'normal';

/** @internal 0 for the most urgent. */
export function priorityRank(priority: RatePriority): number {
  return RATE_PRIORITIES.indexOf(priority);
}

/** @internal Refuses a value that is not a priority, naming `path`. */
export function checkPriority(value: unknown, path: string, issues: InputIssue[]): void {
  if (value !== undefined && !RATE_PRIORITIES.includes(value as RatePriority)) {
    issues.push({ path, message: `must be one of ${RATE_PRIORITIES.map((p) => `'${p}'`).join(', ')}` });
  }
}
