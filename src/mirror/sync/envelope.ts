import { UnexpectedResponseError } from '../../errors/unexpected-response-error.js';
import type { ResponseMeta } from '../../transport/response-meta.js';

// `dados.3` or `dados.3.numeracoes.0.estoque`: a field of one listed product.
const ITEM_FIELD = /^dados\.\d+(?:\.|$)/;

/**
 * @internal Refuses a page whose envelope (`paginacao`, `dados` as a whole) does not fit, as strict
 * validation would: its cursor cannot be trusted to lead to the next page. The mirror reads pages
 * leniently only so that one product that does not fit is set aside while the rest are stored; those
 * products are checked again, one by one, where they are applied. A source that reports no
 * `responseIssues` (not a `PartnerCommerce`) has none.
 * @throws UnexpectedResponseError naming each field outside the products.
 */
export function checkEnvelope(meta: Partial<Pick<ResponseMeta, 'responseIssues' | 'status' | 'requestId'>> | undefined): void {
  const outside = (meta?.responseIssues ?? []).filter((issue) => !ITEM_FIELD.test(issue.path));
  if (outside.length === 0) return;
  const summary = outside
    .slice(0, 5)
    .map((i) => `${i.path || '(body)'}: ${i.message}`)
    .join('; ');
  throw new UnexpectedResponseError(`GET /v1/produtos was accepted (${meta?.status ?? 200}) but its page does not fit: ${summary}`, {
    status: meta?.status ?? 200,
    requestId: meta?.requestId,
    issues: outside,
  });
}
