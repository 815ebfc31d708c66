import type { Meter } from '@opentelemetry/api';
import type { OtelApi } from './load-api.js';
import type { MeterProviderLike } from './options.js';
import { SCOPE } from './names.js';
import { VERSION } from '../version.js';

/**
 * @internal Instruments built from a meter, rebuilt when the meter provider changes. The metrics API
 * has no proxy provider (unlike tracing): a meter taken before the application registers its global
 * provider would stay a no-op forever, so the global provider is looked up again at each use (one
 * property read) and the instruments follow it.
 */
export class MeterCache<T> {
  #provider: unknown;
  #instruments: T | undefined;
  #built = false;

  constructor(
    private readonly api: OtelApi,
    private readonly given: MeterProviderLike | undefined,
    private readonly build: (meter: Meter) => T,
  ) {}

  /** The instruments; `undefined` while the provider is the API's no-op one (nothing registered), so callers skip the work. */
  get(): T | undefined {
    const provider = this.given ?? this.api.metrics.getMeterProvider();
    if (!this.#built || provider !== this.#provider) {
      this.#provider = provider;
      this.#built = true;
      const meter = provider.getMeter(SCOPE, VERSION) as Meter;
      this.#instruments = meter === this.api.createNoopMeter() ? undefined : this.build(meter);
    }
    return this.#instruments;
  }
}
