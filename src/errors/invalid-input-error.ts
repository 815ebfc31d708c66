import { PartnerCommerceError } from './partner-commerce-error.js';

/** One reason an input was refused: the field (dotted path, `''` for the whole value) and why. */
export interface InputIssue {
  /** Dotted path of the offending field, as the caller wrote it (for example `limite` or `itens.0.quantidade`). */
  readonly path: string;
  /** What is wrong and what is accepted instead. */
  readonly message: string;
}

/**
 * The SDK refused an input before sending anything: nothing reached the server, so nothing needs
 * undoing. `issues` names each field and why it was refused.
 */
export class InvalidInputError extends PartnerCommerceError {
  override name = 'InvalidInputError';
  static override readonly kind: string = 'InvalidInputError';
  /** Every problem found, one per field. */
  readonly issues: readonly InputIssue[];

  constructor(issues: readonly InputIssue[] | InputIssue, options?: { idempotencyKey?: string | undefined }) {
    const list = Array.isArray(issues) ? (issues as readonly InputIssue[]) : [issues as InputIssue];
    super(`Invalid input: ${list.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`, options);
    this.issues = list;
  }
}
