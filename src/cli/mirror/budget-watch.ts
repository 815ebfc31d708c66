/** The rate budget the server last reported, and the calls made. */
export interface BudgetSnapshot {
  /** `X-RateLimit-Limit` of the last answer, or null when none was sent. */
  limit: number | null;
  /** `X-RateLimit-Remaining` of the last answer, or null when none was sent. */
  remaining: number | null;
  /** Calls answered so far (retries included). */
  calls: number;
}

/**
 * A `fetch` for the client that reads the rate headers of every answer, so the mirror's progress can
 * show the budget the server says is left (the client's own limiter paces the calls either way).
 */
export class BudgetWatch {
  #limit: number | null = null;
  #remaining: number | null = null;
  #calls = 0;

  constructor(private readonly inner: typeof fetch = globalThis.fetch) {}

  /** Pass as the client's `fetch`. */
  readonly fetch: typeof fetch = async (input, init) => {
    const response = await this.inner(input, init);
    this.#calls++;
    this.#limit = count(response.headers.get('x-ratelimit-limit')) ?? this.#limit;
    this.#remaining = count(response.headers.get('x-ratelimit-remaining')) ?? this.#remaining;
    return response;
  };

  snapshot(): BudgetSnapshot {
    return { limit: this.#limit, remaining: this.#remaining, calls: this.#calls };
  }
}

function count(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}
