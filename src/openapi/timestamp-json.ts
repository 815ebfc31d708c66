import type * as core from 'zod/v4/core';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { dateParamSchema } from '../dates/to-date-param.js';

/**
 * The offset rule of a timestamp, as a short pattern beside `format: date-time` (which already says
 * "a real RFC 3339 date-time"): it ends in `Z` or `±hh:mm`. zod writes the whole calendar as a
 * 475-character regex, which client generators copy into every model and some cannot compile.
 */
export const TIMESTAMP_OFFSET_PATTERN = String.raw`(Z|[+-]\d{2}:\d{2})$`;

/** The offset rule of a date query parameter (`atualizadoDesde`): the API reads only `Z` and `-03:00`. */
export const DATE_PARAM_OFFSET_PATTERN = '(Z|-03:00)$';

/** zod's `override` hook: a timestamp or a date parameter written as `format: date-time` plus its offset rule. */
export function plainTimestamp(ctx: { zodSchema: core.$ZodTypes; jsonSchema: core.JSONSchema.BaseSchema }): void {
  if (ctx.zodSchema === (dateParamSchema() as unknown)) {
    ctx.jsonSchema.pattern = DATE_PARAM_OFFSET_PATTERN;
    return;
  }
  if (ctx.zodSchema !== (timestampSchema() as unknown)) return;
  ctx.jsonSchema.pattern = TIMESTAMP_OFFSET_PATTERN;
  ctx.jsonSchema.description = 'An RFC 3339 date-time with an offset, `Z` or `±hh:mm` (the API sends `-03:00`, Brasilia time), optional fractional seconds.';
}
