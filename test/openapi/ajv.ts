// ajv 2020 over the generated schemas, as a partner's validator would see them. The document's
// components are added once as one schema (`urn:test:document`), and a schema of the document has its
// `#/components/schemas/X` references pointed there: compiling a schema does not compile them again.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonObject, JsonSchema, JsonValue } from '../../src/openapi/index.js';

const DOCUMENT = 'urn:test:document';

export function newAjv(components?: JsonObject): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  // The document's own mark on a schema (OpenAPI allows x- keys there); strict ajv asks for it to be named.
  ajv.addVocabulary(['x-partner-commerce-source']);
  if (components) ajv.addSchema({ $id: DOCUMENT, $defs: toDocument(components) as JsonObject });
  return ajv;
}

const toDocument = (value: JsonValue): JsonValue => {
  if (Array.isArray(value)) return value.map(toDocument);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', `${DOCUMENT}#/$defs/`) : toDocument(v)]));
};

/** A schema as found in the document, its references pointed at the components `newAjv` was given. */
export const inDocument = (schema: JsonSchema): JsonSchema => toDocument(schema) as JsonSchema;

const compiled = new WeakMap<Ajv2020, Map<string, ValidateFunction>>();

/** ajv's complaints about `value`, one line each (empty when it validates); each schema compiled once. */
export function problems(ajv: Ajv2020, schema: JsonSchema, value: unknown): string[] {
  const cache = compiled.get(ajv) ?? new Map<string, ValidateFunction>();
  compiled.set(ajv, cache);
  const key = JSON.stringify(schema);
  let validate = cache.get(key);
  if (!validate) cache.set(key, (validate = ajv.compile(schema)));
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
