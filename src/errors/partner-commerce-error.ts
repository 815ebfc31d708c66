import { ERROR_KINDS, hasErrorKind } from './brand.js';
import { redactTokens } from './redact.js';
import { safeCause } from './safe-cause.js';

/**
 * Base class of every error the SDK throws. Catch this to handle anything from partner-commerce;
 * narrow with the subclasses ({@link ApiError}, {@link ConnectionError}, {@link InvalidInputError},
 * {@link UnexpectedResponseError}).
 */
export class PartnerCommerceError extends Error {
  override name = 'PartnerCommerceError';
  /** Idempotency-Key used by the call that failed, when it sent one: persist it to replay safely. */
  idempotencyKey: string | undefined;
  declare readonly [ERROR_KINDS]: readonly string[];

  constructor(message: string, options?: { cause?: unknown; idempotencyKey?: string | undefined }) {
    super(redactTokens(message), options?.cause === undefined ? undefined : { cause: safeCause(options.cause) });
    this.idempotencyKey = options?.idempotencyKey;
    const kinds: string[] = [];
    for (let c: unknown = new.target; c && c !== Error; c = Object.getPrototypeOf(c)) {
      const kind = (c as { kind?: unknown }).kind;
      if (typeof kind === 'string' && Object.hasOwn(c, 'kind')) kinds.push(kind);
    }
    Object.defineProperty(this, ERROR_KINDS, { value: Object.freeze(kinds), enumerable: false });
  }

  /** @internal Name under which instances of this class are branded. */
  static readonly kind: string = 'PartnerCommerceError';

  /** Recognises errors of this class made by any copy of the SDK (ESM, CJS, bundled twice). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    const kind = Object.hasOwn(this, 'kind') ? (this as unknown as { kind: string }).kind : undefined;
    if (kind === undefined) return Function.prototype[Symbol.hasInstance].call(this, value);
    return hasErrorKind(value, kind);
  }
}
