import { PartnerCommerceError } from '../errors/partner-commerce-error.js';

/** A webhook body that is not JSON, not an object, or misses an envelope field. `issues` lists each problem. */
export class WebhookParseError extends PartnerCommerceError {
  override name = 'WebhookParseError';
  static override readonly kind: string = 'WebhookParseError';
  /** Each problem: where (dotted path) and why. */
  readonly issues: readonly { path: string; message: string }[];

  constructor(issues: readonly { path: string; message: string }[]) {
    super(`Invalid webhook body: ${issues.map((i) => `${i.path || '(body)'}: ${i.message}`).join('; ')}`);
    this.issues = issues;
  }
}
