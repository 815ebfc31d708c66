import type { Counter, Gauge, Meter } from '@opentelemetry/api';
import { InvalidInputError, type InputIssue } from '../errors/invalid-input-error.js';
import type { EventoWebhook } from '../webhooks/events.js';
import { ComponentMeters } from '../telemetry/component-meters.js';
import { ATTR, METRIC } from '../telemetry/names.js';
import { checkMetricsTelemetry, type MetricsTelemetryOption } from '../telemetry/options.js';
import type { EventoAplicado } from './apply/apply-event.js';
import type { MirrorStore } from './store/types.js';
import type { BackfillOptions, ResultadoBackfill } from './sync/backfill.js';
import type { ResultadoFollow } from './sync/follow.js';
import { ESTADO } from './sync/state-keys.js';
import type { MirrorWarningHandler } from './sync/warnings.js';

/** The mirror's telemetry option (part of `MirrorOptions`). */
export interface MirrorTelemetryOptions {
  /**
   * OpenTelemetry metrics of the mirror: lag (how far the high-water mark is behind, after each
   * follow or backfill), changes applied by source, drift healed by follow runs, products set aside
   * because the store cannot hold them, by source (README,
   * "Observability"). Needs the optional peer `@opentelemetry/api`, loaded on the first run only
   * when this is on. `true` for the global meter provider, or `{ meterProvider }`.
   * @default false
   */
  telemetry?: MetricsTelemetryOption | undefined;
}

/** The part of a Mirror the metrics watch (structural, so this file does not import mirror.ts). */
interface Watched {
  follow(options?: { signal?: AbortSignal; onWarning?: MirrorWarningHandler }): Promise<ResultadoFollow>;
  backfill(options?: BackfillOptions): Promise<ResultadoBackfill>;
  applyEvent(evento: EventoWebhook): Promise<EventoAplicado>;
  open(): Promise<MirrorStore>;
}

interface MirrorInstruments {
  readonly lag: Gauge;
  readonly applied: Counter;
  readonly healed: Counter;
  readonly quarantined: Counter;
}

/**
 * @internal Records the mirror's metrics around its `follow`, `backfill` and `applyEvent` (this
 * instance's, wrapped in place), when `telemetry` is on. Kept apart from the mirror itself so the
 * mirror's code only says "instrument me".
 * @throws InvalidInputError naming `telemetry` when the option is malformed.
 */
export function instrumentMirror(mirror: Watched, option: unknown): void {
  const issues: InputIssue[] = [];
  const telemetry = checkMetricsTelemetry(option, 'telemetry', issues);
  if (issues.length > 0) throw new InvalidInputError(issues);
  if (!telemetry) return;
  const meters = new ComponentMeters(telemetry, build, () =>
    console.warn('[partner-commerce] mirror: telemetry is on but @opentelemetry/api is not installed (npm install @opentelemetry/api); no metrics are recorded'),
  );
  const lagAfterRun = async () => {
    const marca = await (await mirror.open()).state<number>(ESTADO.marca);
    if (typeof marca === 'number') await meters.use((m) => m.lag.record(Math.max(0, Date.now() - marca) / 1000));
  };
  const { follow, backfill, applyEvent } = mirror;
  mirror.follow = async (options) => {
    const result = await follow.call(mirror, options);
    const source = result.kind === 'follow' ? 'follow' : 'backfill';
    await meters.use((m) => {
      m.applied.add(result.aplicados, { [ATTR.mirrorSource]: source });
      // What a follow applies is what the notices had not brought: the drift it healed.
      if (result.kind === 'follow') m.healed.add(result.aplicados);
      m.quarantined.add(result.quarantined ?? 0, { [ATTR.mirrorSource]: source });
    });
    await lagAfterRun();
    return result;
  };
  mirror.backfill = async (options) => {
    const result = await backfill.call(mirror, options);
    await meters.use((m) => {
      m.applied.add(result.aplicados, { [ATTR.mirrorSource]: 'backfill' });
      m.quarantined.add(result.quarantined, { [ATTR.mirrorSource]: 'backfill' });
    });
    await lagAfterRun();
    return result;
  };
  mirror.applyEvent = async (evento) => {
    const result = await applyEvent.call(mirror, evento);
    await meters.use((m) => {
      m.applied.add(result.aplicados, { [ATTR.mirrorSource]: 'webhook' });
      m.quarantined.add(result.quarantined, { [ATTR.mirrorSource]: 'webhook' });
    });
    return result;
  };
}

function build(meter: Meter): MirrorInstruments {
  return {
    lag: meter.createGauge(METRIC.mirrorLag, { unit: 's', description: "How far the mirror's high-water mark is behind now, after each follow or backfill." }),
    applied: meter.createCounter(METRIC.mirrorChangesApplied, { unit: '{change}', description: 'Product changes applied to the mirror, by source.' }),
    healed: meter.createCounter(METRIC.mirrorDriftHealed, { unit: '{change}', description: 'Changes a follow run applied that the notices had not brought.' }),
    quarantined: meter.createCounter(METRIC.mirrorQuarantined, { unit: '{product}', description: 'Product states set aside because the store cannot hold them as sent or they do not fit the Product schema, by source.' }),
  };
}
