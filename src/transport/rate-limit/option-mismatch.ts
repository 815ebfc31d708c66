import type { ResolvedRateLimiterOptions } from './limiter-options.js';

/** The size of a budget, as the options that made its limiter gave it. */
export type BudgetSize = Pick<ResolvedRateLimiterOptions, 'perMinute' | 'windowMs'>;

/**
 * @internal The warning for a client handed a shared limiter made with other options: the process has
 * one budget per token (or Redis key), so the later options cannot apply, and saying nothing would let
 * a `perMinute: 2` client run at the first client's rate.
 */
export function budgetMismatch(sharedBy: string, first: BudgetSize, given: BudgetSize): string | undefined {
  if (first.perMinute === given.perMinute && first.windowMs === given.windowMs) return undefined;
  return `rateLimit ${show(given)} is ignored: clients of this process with the same ${sharedBy} share one limiter, made with ${show(first)}`;
}

function show(size: BudgetSize): string {
  return `{ perMinute: ${size.perMinute}, windowMs: ${size.windowMs} }`;
}
