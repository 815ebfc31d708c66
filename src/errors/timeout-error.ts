import { ConnectionError } from './connection-error.js';

/** An attempt took longer than `timeoutMs` (after the retries allowed for it). */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
  static override readonly kind: string = 'TimeoutError';
  /** The per-attempt limit that was exceeded. */
  readonly timeoutMs: number;

  constructor(timeoutMs: number, options?: { cause?: unknown; idempotencyKey?: string | undefined; beforeSending?: boolean }) {
    super(`Request timed out after ${timeoutMs} ms`, options);
    this.timeoutMs = timeoutMs;
  }
}
