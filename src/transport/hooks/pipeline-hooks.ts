import type { CallHooks } from './hook-types.js';
import type { RateLimitWait } from '../rate-limit/index.js';

/** @internal {@link PipelineHooks.onBudgetWaitEnded}: the attempt waited for rate budget, and got it or was given up on. */
export interface BudgetWaitEndedStep {
  /** Time spent waiting, ms. */
  readonly waitedMs: number;
  /** The wait as the limiter reported it. */
  readonly wait: RateLimitWait;
}

/** @internal {@link PipelineHooks.onSend}: the attempt is about to leave (every `beforeAttempt` has run). */
export interface SendStep {
  readonly attempt: number;
  readonly url: string;
  /** The attempt's headers, still without Authorization; the step may add to them. */
  readonly headers: Record<string, string>;
}

/** @internal {@link PipelineHooks.onAttemptEnd}: how the attempt ended. */
export interface AttemptEndStep {
  /** What the attempt failed with, whatever it is (not only a PartnerCommerceError); absent on success. */
  readonly error?: unknown;
  /** The answer, when one came. */
  readonly response?: Response | undefined;
}

/** @internal {@link PipelineHooks.onCallEnd}: the call is over. */
export interface CallEndStep {
  /** What the call failed with; absent when it succeeded. */
  readonly error?: unknown;
}

/**
 * @internal The hooks the pipeline itself offers: the public {@link CallHooks}, plus the steps the
 * SDK's own observers need and partners do not (telemetry is one: src/telemetry/trace-hooks.ts). A
 * call's observer runs ONE list of these, the partner's hooks first, so a new step is added here once
 * instead of as a parallel method set. These steps see every failure; the public `afterError` and
 * `onRetry` only see a `PartnerCommerceError`, as their types promise.
 */
export interface PipelineHooks extends CallHooks {
  /** After a wait for rate budget, once the attempt has it or the caller gave up (not called when it did not wait). */
  onBudgetWaitEnded?: ((step: BudgetWaitEndedStep) => void) | undefined;
  /** After the `beforeAttempt` hooks, so that what this adds (trace context) cannot be replaced by them. */
  onSend?: ((step: SendStep) => void) | undefined;
  /** Runs the exchange (fetch and body read) inside whatever this sets up (a trace context). */
  wrapExchange?: (<T>(exchange: () => Promise<T>) => Promise<T>) | undefined;
  /** Each attempt's end: success, an answer with an error status, or any failure. */
  onAttemptEnd?: ((step: AttemptEndStep) => void) | undefined;
  /** The call's end, once. */
  onCallEnd?: ((step: CallEndStep) => void) | undefined;
}
