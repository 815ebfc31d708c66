import * as z from 'zod/mini';
import { optionIssues } from '../../errors/check-options.js';
import { got } from '../../internal/kind-of.js';
import type { InputIssue } from '../../errors/invalid-input-error.js';
import { once } from '../../internal/once.js';
import { MAX_TIMER_MS } from '../../internal/sleep.js';
import { checkOptionsWith } from '../../errors/check-options.js';
import type { AuditOptions, AuditScheduleOptions } from './audit-types.js';

/** Share of the rate budget an audit takes when none is given. */
export const DEFAULT_SHARE = 0.1;
/** Wait between periodic audit runs when none is given: a 10,000-product pass at 0.1 takes ~17 min, so drift is found within ~47. */
export const DEFAULT_AUDIT_EVERY_MS = 30 * 60_000;

const share = () =>
  z.optional(
    z.custom<number>((v) => typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 1, {
      error: (issue) => `must be a share of the rate budget above 0 and at most 1, such as 0.1 (got ${got(issue.input)})`,
    }),
  );
const sample = () =>
  z.optional(
    z.custom<number>((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1, {
      error: (issue) => `must be a whole number of products, at least 1 (got ${got(issue.input)})`,
    }),
  );

const auditSchema = once(() =>
  z.strictObject({
    share: share(),
    sample: sample(),
    signal: z.optional(z.custom<AbortSignal>((v) => v instanceof AbortSignal, { error: 'must be an AbortSignal' })),
    onWarning: z.optional(z.custom<unknown>((v) => typeof v === 'function', { error: 'must be a function' })),
  }),
);

const scheduleSchema = once(() =>
  z.strictObject({
    share: share(),
    sample: sample(),
    everyMs: z.optional(
      z.custom<number>((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_TIMER_MS, {
        error: (issue) => `must be a number of milliseconds from 0 to ${MAX_TIMER_MS} (got ${got(issue.input)})`,
      }),
    ),
  }),
);

/**
 * @internal The options of `mirror.audit()`, checked before anything is read or sent.
 * @throws InvalidInputError naming each bad field (`share`, `sample`, `signal`, `onWarning`).
 */
export function checkAuditOptions(options: unknown): AuditOptions & { share: number } {
  const given = options ?? {};
  checkOptionsWith(auditSchema, given, 'audit()', { path: 'options', message: 'must be an object ({ share?, sample?, signal?, onWarning? })' });
  const o = given as AuditOptions;
  return { ...o, share: o.share ?? DEFAULT_SHARE };
}

/**
 * @internal The `audit` option of `mirror.start()`: `true` for the defaults, an object, or nothing.
 * Issues are named under `audit.` so they join the other start options' error.
 */
export function auditScheduleIssues(value: unknown): InputIssue[] {
  if (value === undefined || value === false || value === true) return [];
  if (typeof value !== 'object' || value === null) return [{ path: 'audit', message: 'must be true or { share?, sample?, everyMs? }' }];
  return optionIssues(scheduleSchema, value, 'start({ audit })', 'audit');
}

/** @internal The periodic audit `start()` runs, or undefined when it runs none. */
export function auditSchedule(value: boolean | AuditScheduleOptions | undefined): { share: number; sample: number | undefined; everyMs: number } | undefined {
  if (value === undefined || value === false) return undefined;
  const o = value === true ? {} : value;
  return { share: o.share ?? DEFAULT_SHARE, sample: o.sample, everyMs: o.everyMs ?? DEFAULT_AUDIT_EVERY_MS };
}
