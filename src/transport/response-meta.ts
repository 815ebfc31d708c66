import type { InputIssue } from '../errors/invalid-input-error.js';

/** What the SDK read from the answer of a call, besides its body. */
export interface ResponseMeta {
  /** HTTP status of the final answer. */
  readonly status: number;
  /** X-Request-Id of the final answer. */
  readonly requestId: string | undefined;
  /** Idempotency-Key sent (the same on every attempt), when the call sent one. */
  readonly idempotencyKey: string | undefined;
  /** True when the server answered with a replay of an earlier identical request (Idempotent-Replayed: true). */
  readonly idempotentReplayed: boolean;
  /** Attempts made, the first included. */
  readonly attempts: number;
  /** Response headers of the final answer. */
  readonly headers: Headers;
  /**
   * With `responseValidation: 'lenient'`, the fields of a success body that did not fit the documented
   * shape: each holds its value as the server sent it, not the type the SDK declares. Empty otherwise.
   */
  readonly responseIssues: readonly InputIssue[];
}

/** A call's parsed body with its {@link ResponseMeta}. */
export interface WithMeta<T> {
  readonly data: T;
  readonly meta: ResponseMeta;
}
