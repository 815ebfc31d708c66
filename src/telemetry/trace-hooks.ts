import { ApiErrorBase } from '../errors/api-error.js';
import type { CallTrace } from './call-trace.js';

/**
 * @internal Telemetry as built-in hooks: the one place that drives a {@link CallTrace}. The call's
 * observer runs these after the partner's hooks, in the same list (the transport's `PipelineHooks`).
 * The parameter types name only the fields read here: telemetry sits below the transport, so it cannot
 * import the hook types; the transport checks that this object is a `PipelineHooks` where it takes it.
 */
export function traceHooks(trace: CallTrace) {
  // The attempt's span is open: false while the attempt's own hooks run (one given up on there sent
  // nothing, so it has no duration to record).
  let sending = false;
  return {
    onBudgetWaitEnded(step: { readonly waitedMs: number; readonly wait: { readonly reason: string; readonly priority: string } }): void {
      trace.budgetWaited(step.waitedMs, step.wait.reason, step.wait.priority);
    },
    onSend(step: { readonly attempt: number; readonly url: string; readonly headers: Record<string, string> }): void {
      sending = true;
      trace.attemptStarted(step.attempt, step.url);
      trace.inject(step.headers);
    },
    wrapExchange<T>(exchange: () => Promise<T>): Promise<T> {
      return trace.run(exchange);
    },
    afterResponse(context: { readonly status: number; readonly requestId: string | undefined; readonly rateLimitRemaining: number | undefined }): void {
      trace.answered(context.status, context.requestId, context.rateLimitRemaining);
    },
    onAttemptEnd(step: { readonly error?: unknown; readonly response?: unknown }): void {
      if (step.error !== undefined && step.response === undefined && sending) trace.failedWithoutAnswer(errorTypeOf(step.error));
      sending = false;
      trace.attemptEnded();
    },
    // Only a PartnerCommerceError is ever retried (retryDelayFor gives anything else no delay), so the
    // public hook, which sees only those, sees every retry.
    onRetry(context: { readonly reason: string }): void {
      trace.retrying(context.reason);
    },
    onCallEnd(step: { readonly error?: unknown }): void {
      trace.end(step.error === undefined ? undefined : errorTypeOf(step.error));
    },
  };
}

/** @internal What {@link traceHooks} returns: the transport takes it as one of its `PipelineHooks`. */
export type TraceHooks = ReturnType<typeof traceHooks>;

/** `error.type` of the semantic conventions: the status for an HTTP error, else the error's class name. */
function errorTypeOf(error: unknown): string {
  if (error instanceof ApiErrorBase) return String(error.status);
  if (error instanceof Error) return error.name || '_OTHER';
  return '_OTHER';
}
