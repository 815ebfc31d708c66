import { PartnerCommerceError } from '../errors/partner-commerce-error.js';

/** One problem of a webhook body: where (dotted path, `''` for the body itself) and why. */
export interface WebhookParseIssue {
  /** Dotted path of the field, for example `dados.pedido.total` or `dados.itens.3.produto.sku`; `''` for the whole body. */
  readonly path: string;
  /** What is wrong. */
  readonly message: string;
}

// A lote of 500 broken items must not make a message of 500 lines; `issues` keeps them all.
const MAX_IN_MESSAGE = 10;

/**
 * A webhook body that is not JSON, not an object, misses an envelope field, or (for a known kind) has
 * `dados` that do not fit the spec. `issues` lists each problem. The webhook handler answers it with 400.
 */
export class WebhookParseError extends PartnerCommerceError {
  override name = 'WebhookParseError';
  static override readonly kind: string = 'WebhookParseError';
  /** Each problem: where (dotted path) and why. */
  readonly issues: readonly WebhookParseIssue[];

  constructor(issues: readonly WebhookParseIssue[]) {
    const shown = issues.slice(0, MAX_IN_MESSAGE).map((i) => `${i.path || '(body)'}: ${i.message}`);
    if (issues.length > MAX_IN_MESSAGE) shown.push(`and ${issues.length - MAX_IN_MESSAGE} more`);
    super(`Invalid webhook body: ${shown.join('; ')}`);
    this.issues = issues;
  }
}
