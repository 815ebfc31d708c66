import * as z from 'zod/mini';
import { once } from '../internal/once.js';

/**
 * A timestamp of an API response: ISO 8601 date-time with an offset (`Z` or `±hh:mm`), optional
 * fractional seconds, a real calendar date. Kept as the string the API sent, because its offset
 * (`-03:00`, Brasilia time) is information a `Date` would throw away.
 */
export const timestampSchema = once(() => z.iso.datetime({ offset: true }));
