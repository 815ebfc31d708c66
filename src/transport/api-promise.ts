import type { ResponseMeta, WithMeta } from './response-meta.js';

/**
 * What a method returns: await it for the parsed body, or call {@link ApiPromise.withMeta} for the
 * body plus the call's metadata (request id, Idempotency-Key, replay flag, attempts).
 */
export class ApiPromise<T> implements Promise<T> {
  readonly #inner: Promise<WithMeta<T>>;

  /** @internal */
  constructor(inner: Promise<WithMeta<T>>) {
    this.#inner = inner;
  }

  /** The parsed body and the {@link ResponseMeta} of the call. */
  withMeta(): Promise<WithMeta<T>> {
    return this.#inner;
  }

  /** Only the call's {@link ResponseMeta}. */
  meta(): Promise<ResponseMeta> {
    return this.#inner.then((r) => r.meta);
  }

  then<A = T, B = never>(onfulfilled?: ((value: T) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return this.#inner.then((r) => r.data).then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'ApiPromise';
  }
}
