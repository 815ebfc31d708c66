import * as z from 'zod/mini';
import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { dateParamSchema, toDateParam } from '../../dates/to-date-param.js';

const EXAMPLE = '2026-03-01T10:00:00-03:00';

/** @internal What a refused date filter is told: a tool caller can only send a string, so no "must be a Date". */
export const DATE_TIME_MESSAGE = `must be a date-time string such as ${EXAMPLE} (offset "Z" or "-03:00")`;

/**
 * @internal A date filter (`atualizadoDesde`). Input side: the ISO 8601 date-time string sent in the
 * query (format date-time, what the JSON Schema and a tool show); output side: what an SDK caller may
 * pass, that string or a Date, written as `toISOString()` when encoded.
 */
export function dateTimeInput(description: string): z.ZodMiniType<Date | string, string> {
  // One refinement by the SDK's own rule (dates/), not zod's date-time regex: the JSON Schema says
  // `format: date-time` plainly, without the long pattern generators choke on, and one issue per field.
  const wire = z
    .string({ error: DATE_TIME_MESSAGE })
    .check(z.refine((text) => dateParamSchema().safeParse(text).success, { error: DATE_TIME_MESSAGE }))
    .register(z.globalRegistry, {
      format: 'date-time',
      description: `${description}: an ISO 8601 date-time with the offset "Z" or "-03:00", such as ${EXAMPLE}`,
      examples: [EXAMPLE],
    });
  const caller = z.custom<Date | string>().check(
    z.superRefine((value, ctx) => {
      if (typeof value === 'string') return; // the wire side says what is wrong with it
      if (!(value instanceof Date)) return void ctx.addIssue({ code: 'custom', message: `${DATE_TIME_MESSAGE}, or a Date`, input: value });
      try {
        toDateParam(value, '');
      } catch (err) {
        if (!(err instanceof InvalidInputError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.issues[0]?.message ?? DATE_TIME_MESSAGE, input: value });
      }
    }),
  );
  return z.codec(wire, caller, { decode: (text) => text, encode: (value) => (value instanceof Date ? value.toISOString() : value) });
}
