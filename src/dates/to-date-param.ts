import * as z from 'zod/mini';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { shown } from '../internal/kind-of.js';
import { once } from '../internal/once.js';
import { timestampSchema } from './timestamp-schema.js';

// The API refuses a date parameter without an offset, and of the offsets accepts only these two.
const ACCEPTED_OFFSET = /(?:Z|-03:00)$/;

/**
 * Checks a date query parameter (such as `atualizadoDesde`) and gives the string to send.
 *
 * @param value a valid `Date` (sent as `toISOString()`, offset `Z`), or an ISO 8601 date-time string
 *   whose offset is `Z` or `-03:00` (sent unchanged), for example `"2024-05-01T10:00:00-03:00"`.
 * @param path name of the parameter, reported in the error.
 * @throws {InvalidInputError} for an invalid Date, a string without an accepted offset or not a real
 *   date-time, or any other type, naming `path`.
 */
export function toDateParam(value: Date | string, path = 'atualizadoDesde'): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new InvalidInputError({ path, message: 'must be a valid Date (got Invalid Date)' });
    const iso = value.toISOString();
    // Years outside 0000-9999 come out as "+010000-..." which the API cannot read.
    if (!isAccepted(iso)) throw new InvalidInputError({ path, message: `must be a Date between the years 0000 and 9999 (got ${iso})` });
    return iso;
  }
  if (typeof value === 'string' && isAccepted(value)) return value;
  throw new InvalidInputError({
    path,
    message: `must be a Date or an ISO 8601 date-time string with an offset, which is mandatory; accepted offsets: "Z" or "-03:00" (for example "2024-05-01T10:00:00-03:00"); got ${shown(value)}`,
  });
}

function isAccepted(text: string): boolean {
  return dateParamSchema().safeParse(text).success;
}

/**
 * @internal A date query parameter as a string, as {@link toDateParam} accepts it: the schema the
 * operation table gives the filter, so generated surfaces (JSON Schema, tool input) state the rule the
 * SDK checks before sending. The offset rule is a refinement, not a regex check: zod would otherwise
 * write the JSON Schema as two patterns and drop `format: date-time`; its description says it instead.
 */
export const dateParamSchema = once(() =>
  timestampSchema()
    .check(z.refine((text) => ACCEPTED_OFFSET.test(text), { error: 'must have the offset "Z" or "-03:00", for example "2024-05-01T10:00:00-03:00"' }))
    .register(z.globalRegistry, { description: 'ISO 8601 date-time with the offset "Z" or "-03:00" (the two the API reads)' }),
);
