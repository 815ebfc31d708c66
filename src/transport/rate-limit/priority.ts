import * as z from 'zod/mini';

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

/** @internal The schema of a `priority` option: absent, or one of {@link RATE_PRIORITIES}. */
export function prioritySchema(): z.ZodMiniOptional<z.ZodMiniCustom<RatePriority, RatePriority>> {
  return z.optional(
    z.custom<RatePriority>((v) => RATE_PRIORITIES.includes(v), {
      error: `must be one of ${RATE_PRIORITIES.map((p) => `'${p}'`).join(', ')}`,
    }),
  );
}
