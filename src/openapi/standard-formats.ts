import type { JsonValue } from './json-types.js';

// The formats of JSON Schema 2020-12 and of OpenAPI. zod writes a few of its own (`starts_with` for an
// event id), which other languages' validators refuse as unknown: those are dropped, the pattern beside
// them still says the same thing.
const STANDARD = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
  'int32',
  'int64',
  'float',
  'double',
  'password',
]);

/** `value` with every `format` no standard validator knows removed (a copy; `value` is not changed). */
export function standardFormatsOnly<T extends JsonValue>(value: T): T {
  if (Array.isArray(value)) return value.map((item: JsonValue) => standardFormatsOnly(item)) as unknown as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([key, v]) => !(key === 'format' && typeof v === 'string' && !STANDARD.has(v)));
  return Object.fromEntries(entries.map(([key, v]) => [key, standardFormatsOnly(v)])) as T;
}
