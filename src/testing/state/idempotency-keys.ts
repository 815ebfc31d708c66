const DAY_MS = 24 * 60 * 60 * 1000;

/** The first answer given to a key, as it must be replayed. */
export interface KeptAnswer {
  readonly fingerprint: string;
  readonly expiresAtMs: number;
  readonly status: number;
  /** The first answer's body, serialised then: a replay must not show later changes. */
  readonly bodyText: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * The Idempotency-Keys an integration (token) used, per route, each valid 24 hours by the fake's
 * clock. Only successful answers are kept: a refused request (400, 409, 422) did nothing, so the
 * partner can fix it and send again with the same key. The rules that read it are in
 * `core/idempotent-route.ts`.
 */
export class IdempotencyKeys {
  readonly #entries = new Map<string, KeptAnswer>();

  /** The live entry of `route` + `key`, dropping it when expired. */
  get(route: string, key: string, nowMs: number): KeptAnswer | undefined {
    const entry = this.#entries.get(`${route}\n${key}`);
    if (entry && nowMs >= entry.expiresAtMs) {
      this.#entries.delete(`${route}\n${key}`);
      return undefined;
    }
    return entry;
  }

  /** Remembers the first answer of `route` + `key`. */
  set(route: string, key: string, nowMs: number, answer: Omit<KeptAnswer, 'expiresAtMs'>): void {
    this.#entries.set(`${route}\n${key}`, { ...answer, headers: { ...answer.headers }, expiresAtMs: nowMs + DAY_MS });
  }
}
