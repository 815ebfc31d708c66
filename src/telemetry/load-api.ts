import type * as OtelApiModule from '@opentelemetry/api';

/** @internal The `@opentelemetry/api` module. Only its type is imported statically (erased at build). */
export type OtelApi = typeof OtelApiModule;

let loading: Promise<OtelApi | undefined> | undefined;

/**
 * @internal Loads the optional peer `@opentelemetry/api` once per process, the first time a
 * component with telemetry on needs it; `undefined` when it is not installed. The import sits in a
 * `try` (a rejected promise here) like `redis` and `pglite`: bundlers leave it unresolved when the
 * package is absent, and nothing loads it for partners who never turn telemetry on.
 */
export function loadOtelApi(): Promise<OtelApi | undefined> {
  loading ??= import('@opentelemetry/api').then(
    (mod): OtelApi | undefined => (typeof mod.createContextKey === 'function' ? mod : undefined),
    () => undefined,
  );
  return loading;
}
