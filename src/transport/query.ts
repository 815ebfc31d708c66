import { InvalidInputError } from '../errors/invalid-input-error.js';

/** Values a query parameter may take; `undefined` leaves the parameter out. */
export type QueryValue = string | number | boolean | Date | undefined | null | readonly (string | number | boolean)[];

/** @internal Serialises query parameters; Dates become ISO strings with offset, as the API requires. */
export function buildQuery(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const v of value) params.append(key, String(v));
    } else if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) throw new InvalidInputError({ path: key, message: 'is an invalid Date' });
      params.append(key, value.toISOString());
    } else if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new InvalidInputError({ path: key, message: 'must be a finite number' });
    } else if (['string', 'number', 'boolean'].includes(typeof value)) {
      params.append(key, String(value));
    } else {
      throw new InvalidInputError({ path: key, message: `cannot be sent as a query parameter (got ${typeof value})` });
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
