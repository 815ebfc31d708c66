import type { FakeApi } from './types.js';

/**
 * The origin each fake was created with (its `baseUrl` option), for the msw handlers of
 * `partner-commerce/testing/msw`: kept beside the fake rather than on it, so the fake's own surface
 * has nothing msw-specific.
 */
const origins = new WeakMap<FakeApi, string>();

/** Records the origin `fake` answers on, when it was given one. */
export function rememberOrigin(fake: FakeApi, origin: string | undefined): FakeApi {
  if (origin !== undefined) origins.set(fake, origin);
  return fake;
}

/** The origin `fake` was created with, or undefined for any origin. */
export function originOf(fake: FakeApi): string | undefined {
  return origins.get(fake);
}
