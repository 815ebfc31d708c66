import { AbortError } from '../errors/abort-error.js';
import { PartnerCommerceError } from '../errors/partner-commerce-error.js';

/**
 * @internal What a failure becomes when the caller's signal is aborted: the SDK's AbortError with
 * the caller's reason as `cause`. An SDK error that arrived before the abort stays what it is.
 */
export function abortFailure(err: unknown, signal: AbortSignal | undefined, where: string, idempotencyKey: string | undefined, beforeSending: boolean): unknown {
  if (!signal?.aborted || err instanceof PartnerCommerceError) return err;
  const sent = beforeSending ? 'nothing was sent' : 'the request may have reached the server';
  return new AbortError(`${where} was aborted by the caller (${describeReason(signal.reason)}); ${sent}`, { cause: signal.reason, idempotencyKey, beforeSending });
}

function describeReason(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  return typeof reason === 'string' ? reason : 'no reason given';
}
