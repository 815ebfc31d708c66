import type { Counter, Gauge, Histogram, Meter, Tracer } from '@opentelemetry/api';
import type { OtelApi } from './load-api.js';
import { MeterCache } from './meter.js';
import { DURATION_BUCKETS, METRIC, SCOPE } from './names.js';
import type { ResolvedTelemetry } from './options.js';
import { VERSION } from '../version.js';

/** @internal The client's metric instruments. */
export interface ClientMeters {
  readonly requestDuration: Histogram;
  readonly rateLimitWait: Histogram;
  readonly rateLimitRemaining: Gauge;
  readonly rateLimited: Counter;
  readonly retries: Counter;
}

/** @internal What a client with telemetry on uses for every call, once `@opentelemetry/api` is loaded. */
export class ClientInstruments {
  readonly #meters: MeterCache<ClientMeters>;
  /** The API's own no-op provider, which the global proxy hands over to while nothing is registered. */
  readonly #noopTracerProvider: unknown;
  #tracer: Tracer | undefined;

  constructor(
    readonly api: OtelApi,
    readonly options: Exclude<ResolvedTelemetry, false>,
  ) {
    this.#meters = new MeterCache(api, options.meterProvider, buildMeters);
    this.#noopTracerProvider = new api.ProxyTracerProvider().getDelegate();
  }

  /** False while no tracer provider is registered (and none was given): calls then skip every span. */
  tracing(): boolean {
    if (this.options.tracerProvider) return true;
    const global = this.api.trace.getTracerProvider();
    return !(global instanceof this.api.ProxyTracerProvider) || global.getDelegate() !== this.#noopTracerProvider;
  }

  /** The tracer; the global one is a proxy that follows a provider registered later. */
  tracer(): Tracer {
    this.#tracer ??= (this.options.tracerProvider?.getTracer(SCOPE, VERSION) as Tracer | undefined) ?? this.api.trace.getTracer(SCOPE, VERSION);
    return this.#tracer;
  }

  /** The metric instruments; `undefined` while no meter provider is registered (and none was given). */
  meters(): ClientMeters | undefined {
    return this.#meters.get();
  }
}

function buildMeters(meter: Meter): ClientMeters {
  return {
    requestDuration: meter.createHistogram(METRIC.requestDuration, {
      unit: 's',
      description: 'Duration of HTTP client requests (one per attempt).',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
    rateLimitWait: meter.createHistogram(METRIC.rateLimitWait, {
      unit: 's',
      description: 'Time an attempt waited for client-side rate budget: until it was sent, or until the caller gave up.',
      advice: { explicitBucketBoundaries: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120] },
    }),
    rateLimitRemaining: meter.createGauge(METRIC.rateLimitRemaining, { unit: '{request}', description: 'Calls left in the server window (X-RateLimit-Remaining of the latest answer).' }),
    rateLimited: meter.createCounter(METRIC.rateLimited, { unit: '{response}', description: 'Answers 429 (rate limit exceeded) received.' }),
    retries: meter.createCounter(METRIC.retries, { unit: '{retry}', description: 'Attempts repeated, by reason.' }),
  };
}
