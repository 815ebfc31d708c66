import type { Meter } from '@opentelemetry/api';
import { loadOtelApi } from './load-api.js';
import { MeterCache } from './meter.js';
import type { ResolvedTelemetry } from './options.js';

/**
 * @internal The meters of a component that only records metrics (the webhook handler, the mirror):
 * `@opentelemetry/api` is loaded on the first use, and `use` waits for it only that once. Without the
 * package, `onMissing` is told once and nothing is recorded.
 */
export class ComponentMeters<T> {
  readonly #option: Exclude<ResolvedTelemetry, false>;
  readonly #build: (meter: Meter) => T;
  readonly #onMissing: () => void;
  #loading: Promise<void> | undefined;
  #cache: MeterCache<T> | null | undefined;

  constructor(option: Exclude<ResolvedTelemetry, false>, build: (meter: Meter) => T, onMissing: () => void) {
    this.#option = option;
    this.#build = build;
    this.#onMissing = onMissing;
  }

  /** Runs `record` with the instruments, once they exist; never throws (telemetry must not break the work). */
  async use(record: (instruments: T) => void): Promise<void> {
    if (this.#cache === undefined) {
      this.#loading ??= loadOtelApi().then((api) => {
        if (!api) this.#onMissing();
        this.#cache = api ? new MeterCache(api, this.#option.meterProvider, this.#build) : null;
      });
      await this.#loading;
    }
    const instruments = this.#cache?.get();
    if (!instruments) return;
    try {
      record(instruments);
    } catch {
      // A broken meter provider must not fail a delivery or a sync.
    }
  }
}
