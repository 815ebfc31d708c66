import * as z from 'zod/mini';
import type { ModelSchema } from '../operations/operation.js';
import type { JsonObject, JsonSchema, JsonValue } from './json-types.js';
import { standardFormatsOnly } from './standard-formats.js';
import { plainTimestamp } from './timestamp-json.js';

/** Where a named schema lives in the OpenAPI document. */
export const componentRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

// Schemas that are not records (a row's body, query or page envelope) get a registry id of their own,
// so a record inside them is still a $ref; this prefix marks them to be written in place.
const INLINE = '~inline-';

/** The wire form of the models: named schemas as components, every other schema for use in place. */
export interface WireSchemas {
  /** Named schemas, by name, in the order they were named. */
  readonly components: Readonly<Record<string, JsonSchema>>;
  /** The schema to write where `schema` is used: a `$ref` for a named one, the schema itself otherwise. */
  at(schema: ModelSchema): JsonSchema;
}

/**
 * Writes the zod models as JSON Schema in one pass, so a named record used inside another (the
 * product inside an event, money inside every price) is written once and referenced. The input side
 * of each codec is what travels, hence `io: 'input'`: money as `"129.90"`, dates as date-time.
 */
export function wireSchemas(named: readonly (readonly [string, ModelSchema])[], unnamed: readonly ModelSchema[]): WireSchemas {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of named) if (!registry.has(schema)) registry.add(schema, { id: name });
  unnamed.forEach((schema, i) => {
    if (!registry.has(schema)) registry.add(schema, { id: `${INLINE}${i}` });
  });
  const written = z.toJSONSchema(registry, {
    io: 'input',
    target: 'draft-2020-12',
    // A schema the wire cannot carry is described as "anything" rather than failing the whole document.
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    override: plainTimestamp,
  }).schemas as Record<string, JsonObject>;
  const clean = standardFormatsOnly(written as JsonObject) as Record<string, JsonObject>;
  const inline = new Map<string, JsonSchema>();
  const components: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(clean)) {
    const { $schema: _dialect, $id: _id, ...body } = schema;
    if (id.startsWith(INLINE)) inline.set(id, body);
    else components[id] = body;
  }
  // An unnamed schema inside another unnamed one was still written as a $ref: put it in place.
  const resolve = (value: JsonValue): JsonValue => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value === null || typeof value !== 'object') return value;
    const ref = value['$ref'];
    if (typeof ref === 'string' && ref.startsWith(`#/components/schemas/${INLINE}`)) {
      return resolve(inline.get(ref.slice('#/components/schemas/'.length)) ?? {});
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  };
  for (const [name, schema] of Object.entries(components)) components[name] = resolve(schema) as JsonSchema;
  return {
    components,
    at(schema) {
      const id = registry.get(schema)?.id;
      if (id === undefined) return {};
      return id.startsWith(INLINE) ? (resolve(inline.get(id) ?? {}) as JsonSchema) : componentRef(id);
    },
  };
}
