import * as z from 'zod/mini';
import { hasMethods, optionIssues } from '../errors/check-options.js';
import type { InputIssue } from '../errors/invalid-input-error.js';
import { once } from '../internal/once.js';

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

/** A provider option: any object with the method that hands out tracers or meters. */
function providerSchema(method: 'getTracer' | 'getMeter') {
  const kind = method === 'getTracer' ? 'TracerProvider' : 'MeterProvider';
  return z.optional(
    z.custom<object>((p) => hasMethods(p, [method]), {
      error: `must be an OpenTelemetry ${kind} (an object with ${method}())`,
    }),
  );
}

const flag = () => z.optional(z.boolean({ error: 'must be true or false' }));

// One strict schema per form of the option (the client's, and the metrics-only one of the webhook
// handler and the mirror): a misspelt field is named, never ignored.
const telemetrySchema = once(() =>
  z.strictObject({
    tracerProvider: providerSchema('getTracer'),
    meterProvider: providerSchema('getMeter'),
    propagateContext: flag(),
    attemptSpans: flag(),
    recordQueryValues: flag(),
  }),
);
const metricsTelemetrySchema = once(() => z.strictObject({ meterProvider: providerSchema('getMeter') }));

/** @internal Checks a `telemetry` option, adding issues that name the field. */
export function checkTelemetry(value: unknown, path: string, issues: InputIssue[], schema: () => z.ZodMiniObject = telemetrySchema): ResolvedTelemetry {
  if (value === undefined || value === false) return false;
  // `true` is the global providers with every default: the same as `{}`.
  if (value === true) value = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ path, message: `must be true, false or { ${Object.keys(schema().shape).join(', ')} }` });
    return false;
  }
  const found = optionIssues(schema, value, path, path);
  issues.push(...found);
  if (found.length > 0) return false;
  const v = value as TelemetryOptions;
  return {
    tracerProvider: v.tracerProvider,
    meterProvider: v.meterProvider,
    propagateContext: v.propagateContext === true,
    attemptSpans: v.attemptSpans ?? true,
    recordQueryValues: v.recordQueryValues === true,
  };
}

/** @internal Checks the `telemetry` option of the webhook handler and the mirror (metrics only). */
export function checkMetricsTelemetry(value: unknown, path: string, issues: InputIssue[]): ResolvedTelemetry {
  return checkTelemetry(value, path, issues, metricsTelemetrySchema);
}
