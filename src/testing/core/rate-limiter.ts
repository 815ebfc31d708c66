/** The state of a token's window after (or without) counting a call. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets, rounded up. */
  resetSeconds: number;
}

interface Window {
  startMs: number;
  count: number;
}

/**
 * Fixed window per key, opened by the first counted call. Time comes from the caller so the fake's
 * injected clock (or fake timers) drives it.
 */
export class FixedWindowLimiter {
  readonly #windows = new Map<string, Window>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts a call if there is room; refused calls are not counted, as the spec says. */
  take(key: string, nowMs: number): RateLimitDecision {
    const window = this.#current(key, nowMs);
    const allowed = window.count < this.limit;
    if (allowed) {
      window.count++;
      this.#windows.set(key, window);
    }
    return this.#decision(window, nowMs, allowed);
  }

  /** The window as it stands, counting nothing: for answers that are not counted calls. */
  peek(key: string, nowMs: number): RateLimitDecision {
    return this.#decision(this.#current(key, nowMs), nowMs, true);
  }

  #current(key: string, nowMs: number): Window {
    const window = this.#windows.get(key);
    if (window && nowMs < window.startMs + this.windowMs) return window;
    return { startMs: nowMs, count: 0 };
  }

  #decision(window: Window, nowMs: number, allowed: boolean): RateLimitDecision {
    const resetSeconds = Math.max(1, Math.ceil((window.startMs + this.windowMs - nowMs) / 1000));
    return { allowed, limit: this.limit, remaining: Math.max(0, this.limit - window.count), resetSeconds };
  }
}

/** The spec's rate headers for a decision. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.resetSeconds),
  };
}
