// ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) against the shipped document's schemas: the
// contract checks' judge of bodies, written by others. References (`#/components/...`) resolve in
// the document itself, registered whole.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Schema } from './document.js';

const DOC_ID = 'urn:partner-commerce:openapi';

/** Validators over one document; `coerce` reads query strings as their typed value (`"5"` is 5). */
export function validatorsFor(doc: Record<string, unknown>, options: { coerce?: boolean } = {}): (schema: Schema) => (value: unknown) => string[] {
  // strict off: the document carries OpenAPI's own keywords (`example`, `x-...`) beside JSON Schema's.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, coerceTypes: options.coerce === true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const cache = new Map<Schema, ValidateFunction>();
  return (schema) => {
    let validate = cache.get(schema);
    if (validate === undefined) {
      validate = ajv.compile(typeof schema === 'boolean' ? schema : (rebase(schema) as Record<string, unknown>));
      cache.set(schema, validate);
    }
    const check = validate;
    return (value) => {
      // Coercion writes into the value: judge a copy.
      const copy = options.coerce === true ? { v: structuredClone(value) } : { v: value };
      if (check(copy.v)) return [];
      return (check.errors ?? [])
        .slice(0, 5)
        .map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${e.params && 'additionalProperty' in e.params ? ` "${String(e.params['additionalProperty'])}"` : ''}`);
    };
  };
}

/** The schema with its local references pointed into the registered document. */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : rebase(v)]));
}
