import { transportOf } from '../../transport/transport-of.js';
import type { AuditBudget } from './audit-types.js';

/** The spec's rate: 60 calls a minute per partner, unless agreed otherwise. */
const SPEC_BUDGET: AuditBudget = { limit: 60, windowMs: 60_000, source: 'spec' };

/**
 * @internal The budget an audit paces itself within: the client's limiter (the server's limit once its
 * rate headers told one), else the spec's 60 calls a minute — for a client without a limiter, and for a
 * source that is no client of this package (tests hand in anything with `produtos`).
 */
export async function rateBudgetOf(client: object): Promise<AuditBudget> {
  let pending: Promise<{ limit: number; windowMs: number; source: 'server' | 'client' }> | undefined;
  try {
    pending = transportOf(client).rateBudget();
  } catch {
    return SPEC_BUDGET;
  }
  const budget = await pending;
  return budget && budget.limit > 0 && budget.windowMs > 0 ? budget : SPEC_BUDGET;
}
