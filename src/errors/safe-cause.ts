import { hasErrorKind } from './brand.js';
import { redactTokens } from './redact.js';

const MAX_DEPTH = 5;

/**
 * A copy of a foreign error that is safe to keep as a `cause`: its name, redacted message and
 * stack, its `code`, and its own cause copied the same way. Nothing else is kept, because errors
 * from HTTP libraries hold the Request (and so the Authorization header) in their fields: ky's
 * TimeoutError has `request`, a logger printing the error at any depth would show the token.
 * The SDK's own errors are already safe and are kept as they are.
 */
export function safeCause(cause: unknown, depth = 0): unknown {
  if (cause === undefined || cause === null) return cause;
  if (hasErrorKind(cause, 'PartnerCommerceError')) return cause;
  if (depth >= MAX_DEPTH) return undefined;
  if (cause instanceof Error) {
    const copy = new Error(redactTokens(cause.message));
    Object.defineProperty(copy, 'name', { value: cause.name, enumerable: false, writable: true, configurable: true });
    copy.stack = redactTokens(cause.stack ?? `${cause.name}: ${cause.message}`);
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') Object.defineProperty(copy, 'code', { value: code, enumerable: true });
    const inner = safeCause((cause as { cause?: unknown }).cause, depth + 1);
    if (inner !== undefined) Object.defineProperty(copy, 'cause', { value: inner, enumerable: false, writable: true, configurable: true });
    return copy;
  }
  if (typeof cause === 'string') return redactTokens(cause);
  if (typeof cause === 'number' || typeof cause === 'boolean') return cause;
  // Plain objects and anything else from a library: kept as a description only.
  return redactTokens(Object.prototype.toString.call(cause));
}
