import { durationMs } from '../internal/duration.js';
import { CliFailure, EXIT } from './exit-codes.js';

/** Milliseconds of a duration flag such as `90s`, `10m`, `2h`, `1d` or `500ms`; `flag` names it in errors. */
export function parseDuration(text: string, flag: string): number {
  const ms = durationMs(text.trim());
  if (ms === undefined) throw new CliFailure(`${flag} must be a duration like 90s, 10m, 2h or 1d (got "${text}")`, EXIT.usage);
  return ms;
}

/** A whole number flag within `min`..`max`; `flag` names it in errors. */
export function parseInteger(text: string, flag: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliFailure(`${flag} must be an integer from ${min} to ${max} (got "${text}")`, EXIT.usage);
  return n;
}

/** A share flag such as `5%`, `30%` or `0.3`, as a probability from 0 to 1; `flag` names it in errors. */
export function parseShare(text: string, flag: string): number {
  const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(text.trim());
  const value = m ? Number(m[1]) / (m[2] === '%' ? 100 : 1) : Number.NaN;
  if (!(value >= 0 && value <= 1)) throw new CliFailure(`${flag} must be a share like 5% or 0.05, from 0% to 100% (got "${text}")`, EXIT.usage);
  return value;
}
