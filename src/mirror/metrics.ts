import type { Counter, Gauge, Meter } from '@opentelemetry/api';
import { ComponentMeters } from '../telemetry/component-meters.js';
import { ATTR, METRIC } from '../telemetry/names.js';
import type { MetricsTelemetryOption, ResolvedTelemetry } from '../telemetry/options.js';
import type { MirrorStore } from './store/types.js';
import type { AuditResult } from './audit/audit-types.js';
import { ESTADO } from './sync/state-keys.js';

/** The mirror's telemetry option (part of `MirrorOptions`). */
export interface MirrorTelemetryOptions {
  /**
   * OpenTelemetry metrics of the mirror: lag (how far the high-water mark is behind, after each
   * follow or backfill), changes applied by source, drift healed by follow runs, products set aside
   * because the store cannot hold them, by source, drift the audit found, by field (README,
   * "Observability"). Needs the optional peer `@opentelemetry/api`, loaded on the first run only
   * when this is on. `true` for the global meter provider, or `{ meterProvider }`.
   * @default false
   */
  telemetry?: MetricsTelemetryOption | undefined;
}

/** Which run a result came from, as the `source` attribute of the metrics says it. */
export type MirrorRunSource = 'follow' | 'backfill' | 'webhook' | 'audit';

/** What a run applied and set aside: the part of every run's result the metrics read. */
export interface MirrorRunCounts {
  readonly applied: number;
  readonly quarantined?: number | undefined;
}

/**
 * @internal What the mirror tells at the end of each successful run. The mirror calls it rather than
 * having its methods replaced, so its methods stay its class's own with telemetry on or off.
 */
export interface MirrorRunObserver {
  ran(source: MirrorRunSource, result: MirrorRunCounts): Promise<void>;
  /** The end of a drift audit: what it repaired, by source `audit`, and what drifted, by field. */
  audited(result: Pick<AuditResult, 'repaired' | 'quarantined' | 'fields'>): Promise<void>;
}

interface MirrorInstruments {
  readonly lag: Gauge;
  readonly applied: Counter;
  readonly healed: Counter;
  readonly quarantined: Counter;
  readonly drift: Counter;
}

const SILENT: MirrorRunObserver = { ran: async () => undefined, audited: async () => undefined };

/**
 * @internal The observer that records the mirror's metrics when `telemetry` is on (one that does
 * nothing when it is off). `open` gives the mirror's store, read for the high-water mark; `telemetry`
 * is the option as `createMirror` checked and resolved it.
 */
export function instrumentMirror(open: () => Promise<MirrorStore>, telemetry: ResolvedTelemetry): MirrorRunObserver {
  if (!telemetry) return SILENT;
  const meters = new ComponentMeters(telemetry, build, () =>
    console.warn('[partner-commerce] mirror: telemetry is on but @opentelemetry/api is not installed (npm install @opentelemetry/api); no metrics are recorded'),
  );
  return {
    ran: async (source, result) => {
      await meters.use((m) => {
        m.applied.add(result.applied, { [ATTR.mirrorSource]: source });
        // What a follow applies is what the notices had not brought: the drift it healed.
        if (source === 'follow') m.healed.add(result.applied);
        m.quarantined.add(result.quarantined ?? 0, { [ATTR.mirrorSource]: source });
      });
      // A notice moves no high-water mark: the lag is read after the runs that do.
      if (source === 'webhook') return;
      const marca = await (await open()).state<number>(ESTADO.marca);
      if (typeof marca === 'number') await meters.use((m) => m.lag.record(Math.max(0, Date.now() - marca) / 1000));
    },
    audited: async (result) => {
      await meters.use((m) => {
        m.applied.add(result.repaired, { [ATTR.mirrorSource]: 'audit' });
        m.quarantined.add(result.quarantined, { [ATTR.mirrorSource]: 'audit' });
        for (const [field, n] of Object.entries(result.fields)) m.drift.add(n, { [ATTR.mirrorField]: field });
      });
    },
  };
}

function build(meter: Meter): MirrorInstruments {
  return {
    lag: meter.createGauge(METRIC.mirrorLag, { unit: 's', description: "How far the mirror's high-water mark is behind now, after each follow or backfill." }),
    applied: meter.createCounter(METRIC.mirrorChangesApplied, { unit: '{change}', description: 'Product changes applied to the mirror, by source.' }),
    healed: meter.createCounter(METRIC.mirrorDriftHealed, { unit: '{change}', description: 'Changes a follow run applied that the notices had not brought.' }),
    drift: meter.createCounter(METRIC.mirrorDrift, {
      unit: '{product}',
      description: 'Products the drift audit found differing from the API, by top-level field (one product may count under several).',
    }),
    quarantined: meter.createCounter(METRIC.mirrorQuarantined, {
      unit: '{product}',
      description: 'Product states set aside because the store cannot hold them as sent or they do not fit the Product schema, by source.',
    }),
  };
}
