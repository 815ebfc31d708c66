/**
 * @internal What a client with `telemetry` on loads with `import()` on its first call, next to
 * `@opentelemetry/api`: the instruments, the per-call trace and the hooks that drive it. Kept out of
 * the main entry's up-front code (most partners never turn telemetry on); see bench/README.md, "Size".
 */
export { CallTrace } from './call-trace.js';
export { ClientInstruments } from './client-instruments.js';
export { traceHooks } from './trace-hooks.js';
