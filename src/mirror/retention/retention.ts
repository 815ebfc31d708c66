import { durationMs } from '../../internal/duration.js';

/**
 * How long the mirror keeps something: a duration, a whole number and a unit (`'30d'`, `'12h'`,
 * `'90m'`; units `ms`, `s`, `m`, `h`, `d`), a number of milliseconds, or `false` to keep it forever.
 * From 1 hour to 3650 days.
 */
export type RetentionPeriod = `${number}${'ms' | 's' | 'm' | 'h' | 'd'}` | number | false;

/** What the mirror keeps, and for how long: see {@link RetentionPeriod}. */
export interface MirrorRetention {
  /**
   * How long every change of the log is kept. Past it, the log is compacted: a change that is not the
   * latest of its product is removed (the latest stays, so a reader from the start still meets every
   * product), and a consumer whose position is behind what was removed gets `ChangeLogCompactedError`.
   * @default '30d'
   */
  changes?: RetentionPeriod | undefined;
  /**
   * How long an outbox row is kept once settled (`done` or `failed`); pending rows are never removed.
   * A call made again with the key of a removed row is a new row, sent again with that key.
   * @default '30d'
   */
  outbox?: RetentionPeriod | undefined;
}

/** What one {@link Mirror.prune} removed. */
export interface PruneResult {
  /** Changes removed from the log (not the latest of their product, recorded before the window). */
  changesRemoved: number;
  /** Settled outbox rows removed. */
  outboxRemoved: number;
  /**
   * The highest change-log position removed so far, by this prune or an earlier one (0 when none):
   * every change above it is intact; a consumer whose position is below it must read again from the
   * start (`mirror.changes.rewind(name)`).
   */
  compactedThrough: number;
}

/** The default of both windows: 30 days. */
export const DEFAULT_RETENTION_MS = 30 * 86_400_000;
/** Shorter than an hour would remove what a consumer restarted a moment later still needs. */
export const MIN_RETENTION_MS = 3_600_000;
/** About ten years: past it, the bound is a typo rather than a choice; `false` keeps forever. */
export const MAX_RETENTION_MS = 3650 * 86_400_000;

/** @internal Both windows in ms (`false`: kept forever). */
export interface ResolvedRetention {
  changesMs: number | false;
  outboxMs: number | false;
}

/** @internal A retention period in ms, `false`, or undefined when it is not one (outside 1h–3650d included). */
export function retentionMs(value: unknown): number | false | undefined {
  if (value === false) return false;
  const ms = durationMs(value);
  return ms !== undefined && ms >= MIN_RETENTION_MS && ms <= MAX_RETENTION_MS ? ms : undefined;
}

/** @internal The windows of checked options, defaults filled in. */
export function resolveRetention(retention: MirrorRetention | undefined): ResolvedRetention {
  const of = (value: RetentionPeriod | undefined) => (value === undefined ? DEFAULT_RETENTION_MS : (retentionMs(value) ?? DEFAULT_RETENTION_MS));
  return { changesMs: of(retention?.changes), outboxMs: of(retention?.outbox) };
}
