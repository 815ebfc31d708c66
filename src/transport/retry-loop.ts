import pRetry from 'p-retry';
import { sleep } from '../internal/sleep.js';

/** @internal A failed attempt with the wait before repeating it, or `null` when it must surface. */
export class AttemptFailure extends Error {
  constructor(
    readonly failure: unknown,
    readonly delayMs: number | null,
  ) {
    super('attempt failed');
  }
}

/** @internal */
export interface RetryLoopOptions {
  /** Retries allowed after the first attempt. */
  retries: number;
  signal?: AbortSignal | undefined;
  /** Called before each wait, for logging. */
  onRetry(failure: unknown, delayMs: number): void;
}

/**
 * @internal Runs `attempt` (numbered from 1) until it succeeds or a failure must surface. The first
 * attempt runs directly, so a call that succeeds at once pays nothing for the loop; p-retry takes
 * over from the first failure. Callers only ever see the real failure, never the wrapper.
 */
export async function withRetries<T>(attempt: (attemptNumber: number) => Promise<T>, options: RetryLoopOptions): Promise<T> {
  try {
    return await attempt(1);
  } catch (first) {
    if (!(await waitBeforeRetry(first, options, options.retries))) throw unwrap(first);
  }
  return pRetry((n) => attempt(n + 1), {
    retries: options.retries - 1,
    // Waits are decided per failure (Retry-After, backoff) and slept in shouldRetry, not by p-retry.
    minTimeout: 0,
    maxTimeout: 0,
    randomize: false,
    shouldRetry: ({ error }) => waitBeforeRetry(error, options, 1),
  }).catch((err: unknown) => {
    throw unwrap(err);
  });
}

/** Sleeps before a retry and says whether to make it. */
async function waitBeforeRetry(error: unknown, options: RetryLoopOptions, retriesLeft: number): Promise<boolean> {
  if (retriesLeft <= 0 || !(error instanceof AttemptFailure) || error.delayMs === null || options.signal?.aborted) return false;
  options.onRetry(error.failure, error.delayMs);
  await sleep(error.delayMs, options.signal);
  return true;
}

function unwrap(err: unknown): unknown {
  return err instanceof AttemptFailure ? err.failure : err;
}
