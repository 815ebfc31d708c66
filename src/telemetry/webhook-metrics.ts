import type { Counter, Histogram, Meter } from '@opentelemetry/api';
import { ComponentMeters } from './component-meters.js';
import { ATTR, METRIC } from './names.js';
import type { ResolvedTelemetry } from './options.js';

interface WebhookInstruments {
  readonly duration: Histogram;
  readonly duplicates: Counter;
  readonly parseFailures: Counter;
}

/** @internal One delivery as the metrics see it. */
export interface DeliveryRecord {
  /** `handled`, `duplicate`, `malformed`... (WebhookResult.outcome). */
  readonly outcome: string;
  /** HTTP status answered. */
  readonly status: number;
  /** Event kind, once parsed. */
  readonly evento: string | undefined;
  readonly durationMs: number;
}

/**
 * @internal The `partner_commerce.webhook.event` of every kind outside the known list, as the semantic
 * conventions label an unknown HTTP method: the kind comes from the sender, and a label per kind
 * would let anyone who can reach the receiver open metric series without end.
 */
export const OTHER_EVENT = '_OTHER';

/**
 * @internal The webhook handler's metrics: handling duration, duplicates skipped, parse failures.
 * `knownEvents` are the kinds labelled as themselves; any other is {@link OTHER_EVENT}.
 */
export function webhookMetrics(option: Exclude<ResolvedTelemetry, false>, onMissing: () => void, knownEvents: readonly string[]): (delivery: DeliveryRecord) => Promise<void> {
  const meters = new ComponentMeters<WebhookInstruments>(option, build, onMissing);
  const known: ReadonlySet<string> = new Set(knownEvents);
  return (d) =>
    meters.use((m) => {
      const event = d.evento === undefined ? {} : { [ATTR.webhookEvent]: known.has(d.evento) ? d.evento : OTHER_EVENT };
      m.duration.record(d.durationMs / 1000, { [ATTR.webhookOutcome]: d.outcome, [ATTR.status]: d.status, ...event });
      if (d.outcome === 'duplicate') m.duplicates.add(1, event);
      if (d.outcome === 'malformed') m.parseFailures.add(1);
    });
}

function build(meter: Meter): WebhookInstruments {
  return {
    duration: meter.createHistogram(METRIC.webhookDuration, {
      unit: 's',
      description: 'Time to verify, parse and handle one webhook delivery, by outcome.',
      advice: { explicitBucketBoundaries: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] },
    }),
    duplicates: meter.createCounter(METRIC.webhookDuplicates, { unit: '{delivery}', description: 'Deliveries skipped because their event id was already handled.' }),
    parseFailures: meter.createCounter(METRIC.webhookParseFailures, { unit: '{delivery}', description: 'Deliveries answered 400: the body is not a notice the SDK can read.' }),
  };
}
