import { sleep } from '../internal/sleep.js';
import type { RetryDecision } from './retry-policy.js';

/** @internal A failed attempt with what becomes of it (repeated after a wait, or surfaced). */
export class AttemptFailure extends Error {
  constructor(
    readonly failure: unknown,
    readonly decision: RetryDecision,
  ) {
    super('attempt failed');
  }
}

/** @internal */
export interface RetryLoopOptions {
  /** Retries allowed after the first attempt. */
  retries: number;
  signal?: AbortSignal | undefined;
  /** Called before each wait, for logging and hooks. */
  onRetry(failure: unknown, decision: Extract<RetryDecision, { delayMs: number }>): void;
}

/**
 * @internal Runs `attempt` (numbered from 1) until it succeeds or a failure must surface. Each failure
 * carries its own decision (Retry-After, backoff), so the loop only counts. Callers only ever see the
 * real failure, never the wrapper.
 */
export async function withRetries<T>(attempt: (attemptNumber: number) => Promise<T>, options: RetryLoopOptions): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!(await waitBeforeRetry(err, options, options.retries - n + 1))) throw err instanceof AttemptFailure ? err.failure : err;
    }
  }
}

/** Sleeps before a retry and says whether to make it. */
async function waitBeforeRetry(error: unknown, options: RetryLoopOptions, retriesLeft: number): Promise<boolean> {
  if (retriesLeft <= 0 || !(error instanceof AttemptFailure) || error.decision.delayMs === null || options.signal?.aborted) return false;
  options.onRetry(error.failure, error.decision);
  await sleep(error.decision.delayMs, options.signal);
  return true;
}
