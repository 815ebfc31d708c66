import type { TelemetryOption, TelemetryOptions, MetricsTelemetryOption, MetricsTelemetryOptions, TracerProviderLike, MeterProviderLike } from '../telemetry/options.js';

/** The `telemetry` options of the client, the webhook handler and the mirror. */
export declare namespace Telemetry {
  export {
    type TelemetryOption as TelemetryOption,
    type TelemetryOptions as TelemetryOptions,
    type MetricsTelemetryOption as MetricsTelemetryOption,
    type MetricsTelemetryOptions as MetricsTelemetryOptions,
    type TracerProviderLike as TracerProviderLike,
    type MeterProviderLike as MeterProviderLike,
  };
}
