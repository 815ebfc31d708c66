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
 * @internal Runs `attempt` (numbered from 1) until it succeeds or a failure must surface. Each failure
 * decides its own wait (Retry-After, backoff), so the loop only counts. Callers only ever see the real
 * failure, never the wrapper.
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
  if (retriesLeft <= 0 || !(error instanceof AttemptFailure) || error.delayMs === null || options.signal?.aborted) return false;
  options.onRetry(error.failure, error.delayMs);
  await sleep(error.delayMs, options.signal);
  return true;
}
