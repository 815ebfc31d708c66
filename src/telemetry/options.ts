import type { InputIssue } from '../errors/invalid-input-error.js';

/**
 * Anything that hands out tracers: an OpenTelemetry `TracerProvider` (from `@opentelemetry/sdk-trace-base`,
 * `@opentelemetry/sdk-node`...). Declared here, not imported, so the SDK's types never need the
 * optional `@opentelemetry/api` package.
 */
export interface TracerProviderLike {
  /** Returns the tracer for an instrumentation scope. */
  getTracer(name: string, version?: string): object;
}

/** Anything that hands out meters: an OpenTelemetry `MeterProvider` (from `@opentelemetry/sdk-metrics`...). */
export interface MeterProviderLike {
  /** Returns the meter for an instrumentation scope. */
  getMeter(name: string, version?: string): object;
}

/** OpenTelemetry metrics of a component that only records metrics (the webhook handler, the mirror). */
export interface MetricsTelemetryOptions {
  /** Where the metrics go. @default the global meter provider of `@opentelemetry/api` */
  meterProvider?: MeterProviderLike | undefined;
}

/**
 * OpenTelemetry for the client (needs the optional peer `@opentelemetry/api`, loaded on the first
 * call only when this is on). See the README, "Observability", for the spans, attributes and metrics.
 */
export interface TelemetryOptions extends MetricsTelemetryOptions {
  /** Where the spans go. @default the global tracer provider of `@opentelemetry/api` */
  tracerProvider?: TracerProviderLike | undefined;
  /**
   * Sends the trace context (`traceparent`, `tracestate`, through the global propagator) to the API
   * with every attempt. Off by default: it tells the API's operator which of your traces a call belongs to.
   * @default false
   */
  propagateContext?: boolean | undefined;
  /**
   * One HTTP client span per attempt, as a child of the operation's span. Our attempt span *is* the
   * HTTP client span: while it is open, tracing is suppressed for the runtime's fetch instrumentation
   * (undici's, through the same context key as `suppressTracing` of `@opentelemetry/core`), so a
   * request is never traced twice. Set `false` to keep the runtime's own fetch spans instead (Deno's
   * built-in OpenTelemetry, a fetch instrumentation that ignores suppression): the operation span stays,
   * and the runtime's spans become its children.
   * @default true
   */
  attemptSpans?: boolean | undefined;
  /**
   * Keeps the query values in `url.full`. Off by default: list filters carry personal data (a CPF,
   * an e-mail), so each value is recorded as `REDACTED` and only the keys stay
   * (`?cpf=REDACTED&email=REDACTED`), as the HTTP semantic conventions allow. Turn it on only where
   * your traces may hold your customers' data.
   * @default false
   */
  recordQueryValues?: boolean | undefined;
}

/** Value of the client's `telemetry` option: `true` for the global providers, or {@link TelemetryOptions}. */
export type TelemetryOption = boolean | TelemetryOptions;

/** Value of the `telemetry` option of the webhook handler and the mirror. */
export type MetricsTelemetryOption = boolean | MetricsTelemetryOptions;

/** @internal Telemetry options after checks; `false` when off. */
export type ResolvedTelemetry =
  | false
  | {
      readonly tracerProvider: TracerProviderLike | undefined;
      readonly meterProvider: MeterProviderLike | undefined;
      readonly propagateContext: boolean;
      readonly attemptSpans: boolean;
      readonly recordQueryValues: boolean;
    };

const KNOWN = ['tracerProvider', 'meterProvider', 'propagateContext', 'attemptSpans', 'recordQueryValues'];

/** @internal Checks a `telemetry` option, adding issues that name the field. */
export function checkTelemetry(value: unknown, path: string, issues: InputIssue[], known: readonly string[] = KNOWN): ResolvedTelemetry {
  if (value === undefined || value === false) return false;
  const off = { tracerProvider: undefined, meterProvider: undefined, propagateContext: false, attemptSpans: true, recordQueryValues: false } as const;
  if (value === true) return off;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ path, message: `must be true, false or { ${known.join(', ')} }` });
    return false;
  }
  const v = value as Record<string, unknown>;
  for (const name of Object.keys(v)) {
    if (!known.includes(name)) issues.push({ path: `${path}.${name}`, message: `is not an option of ${path} (known: ${known.join(', ')})` });
  }
  const provider = (name: 'tracerProvider' | 'meterProvider', method: string) => {
    const p = v[name];
    if (p === undefined) return undefined;
    if (typeof p !== 'object' || p === null || typeof (p as Record<string, unknown>)[method] !== 'function') {
      issues.push({ path: `${path}.${name}`, message: `must be an OpenTelemetry ${name === 'tracerProvider' ? 'TracerProvider' : 'MeterProvider'} (an object with ${method}())` });
      return undefined;
    }
    return p;
  };
  const flag = (name: 'propagateContext' | 'attemptSpans' | 'recordQueryValues', fallback: boolean) => {
    const f = v[name];
    if (f === undefined) return fallback;
    if (typeof f !== 'boolean') issues.push({ path: `${path}.${name}`, message: 'must be true or false' });
    return f === true;
  };
  return {
    tracerProvider: provider('tracerProvider', 'getTracer') as TracerProviderLike | undefined,
    meterProvider: provider('meterProvider', 'getMeter') as MeterProviderLike | undefined,
    propagateContext: flag('propagateContext', false),
    attemptSpans: flag('attemptSpans', true),
    recordQueryValues: flag('recordQueryValues', false),
  };
}

/** @internal Checks the `telemetry` option of the webhook handler and the mirror (metrics only). */
export function checkMetricsTelemetry(value: unknown, path: string, issues: InputIssue[]): ResolvedTelemetry {
  return checkTelemetry(value, path, issues, ['meterProvider']);
}
