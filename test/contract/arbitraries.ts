// fast-check arbitraries read off the document's JSON Schemas: valid values (positive cases) and
// values made invalid on purpose (negative cases). They only propose; whether a value is valid or
// invalid is decided by ajv against the same schema (validation.ts), never by this file.
import fc from 'fast-check';
import { deref, type Schema } from './document.js';

type Doc = Record<string, unknown>;
type Obj = Record<string, unknown>;

/** Strings are kept short: the run is about shapes and statuses, not volume. */
const MAX_TEXT = 24;
const MAX_ITEMS = 3;
const MAX_DEPTH = 6;

/** A value the schema describes (best effort: ajv has the last word). */
export function valueOf(doc: Doc, schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || depth > MAX_DEPTH) return fc.oneof(fc.string({ maxLength: MAX_TEXT }), fc.integer(), fc.boolean());
  if (schema === false) return fc.constant(undefined);
  const s = deref(doc, schema) as Obj;
  if ('const' in s) return fc.constant(s['const']);
  if (Array.isArray(s['enum'])) return fc.constantFrom(...(s['enum'] as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(s[key])) return fc.oneof(...(s[key] as Schema[]).map((sub) => valueOf(doc, sub, depth + 1)));
  }
  if (Array.isArray(s['allOf'])) return valueOf(doc, mergeAll(doc, s['allOf'] as Schema[]), depth + 1);
  const type = s['type'];
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => valueOf(doc, { ...s, type: t }, depth)));
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: num(s['minimum'], -1_000_000), max: num(s['maximum'], 1_000_000) });
    case 'number':
      return fc.double({ min: num(s['minimum'], -1_000_000), max: num(s['maximum'], 1_000_000), noNaN: true, noDefaultInfinity: true });
    case 'string':
      return stringOf(s);
    case 'array': {
      const minLength = num(s['minItems'], 0);
      return fc.array(valueOf(doc, (s['items'] ?? true) as Schema, depth + 1), { minLength, maxLength: Math.max(minLength, Math.min(num(s['maxItems'], MAX_ITEMS), MAX_ITEMS)) });
    }
    default: {
      if (type !== 'object' && s['properties'] === undefined) return valueOf(doc, true, depth + 1);
      const properties = (s['properties'] ?? {}) as Record<string, Schema>;
      const required = ((s['required'] ?? []) as string[]).filter((k) => k in properties);
      const model = Object.fromEntries(Object.entries(properties).map(([k, sub]) => [k, valueOf(doc, sub, depth + 1)]));
      return fc.record(model, { requiredKeys: required });
    }
  }
}

function stringOf(s: Obj): fc.Arbitrary<string> {
  // A format says more than a pattern written for it (the Timestamp's pattern spells date-time out).
  if (s['format'] === 'date-time') {
    return fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true })
      .map((d) => new Date(d.getTime() - 3 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '-03:00'));
  }
  if (s['format'] === 'date') return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (typeof s['pattern'] === 'string') return fc.stringMatching(new RegExp(s['pattern'], 'u')).filter((v) => v.length <= num(s['maxLength'], Infinity) && v.length >= num(s['minLength'], 0));
  const minLength = num(s['minLength'], 0);
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(num(s['maxLength'], MAX_TEXT), MAX_TEXT)) });
}

/**
 * A change that should make a valid value invalid: a required property dropped, a property given a
 * value of another type, or the whole value replaced by one of another type.
 */
export function mutationOf(doc: Doc, schema: Schema, valid: unknown): fc.Arbitrary<{ value: unknown; change: string }> {
  const s = (deref(doc, schema) ?? {}) as Obj;
  const wrong = fc.constantFrom<unknown>(12345, 'texto', true, null, [], {});
  const options: fc.Arbitrary<{ value: unknown; change: string }>[] = [wrong.map((value) => ({ value, change: `body replaced by ${JSON.stringify(value)}` }))];
  if (isObject(valid)) {
    const required = ((s['required'] ?? []) as string[]).filter((k) => k in valid);
    if (required.length > 0) {
      options.push(fc.constantFrom(...required).map((k) => ({ value: without(valid, k), change: `required "${k}" left out` })));
    }
    const keys = Object.keys(s['properties'] ?? {});
    if (keys.length > 0) {
      options.push(fc.tuple(fc.constantFrom(...keys), wrong).map(([k, v]) => ({ value: { ...valid, [k]: v }, change: `"${k}" set to ${JSON.stringify(v)}` })));
    }
  }
  return fc.oneof(...options);
}

/** A query value that breaks the parameter's schema (to be confirmed invalid by ajv). */
export function wrongQueryValue(): fc.Arbitrary<string> {
  return fc.constantFrom('abc', '0', '-1', '101', '100000', '', 'NAO_EXISTE', '2024-05-01T10:00:00', '1.5');
}

function mergeAll(doc: Doc, parts: Schema[]): Schema {
  const merged: Obj = { properties: {}, required: [] };
  for (const part of parts) {
    const p = deref(doc, part) as Obj;
    Object.assign(merged, p, {
      properties: { ...(merged['properties'] as Obj), ...((p['properties'] ?? {}) as Obj) },
      required: [...(merged['required'] as string[]), ...((p['required'] ?? []) as string[])],
    });
  }
  return merged;
}

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
function without(value: Obj, key: string): Obj {
  const copy = { ...value };
  delete copy[key];
  return copy;
}
