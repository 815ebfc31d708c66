import * as z from 'zod/mini';

// Builds values from a schema's JSON Schema (its wire form), so a row's sample input and its sample
// answer follow the row's own schemas: a field added to a schema is sampled without touching the test.

/** The JSON Schema keywords zod 4 emits for the package's models. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

export const SAMPLE_TIMESTAMP = '2026-11-20T10:00:00-03:00';

/**
 * A value the schema accepts: every property when `every`, else only the required ones. A string is
 * named after its field (`pedidoId-1`), so a test can tell where each value went.
 */
export function sample(schema: z.ZodMiniType, every: boolean): unknown {
  return fromJson(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, 'valor', every);
}

function fromJson(schema: JsonSchema, name: string, every: boolean): unknown {
  const option = schema.anyOf ?? schema.oneOf;
  if (option) return fromJson(option.find((o) => o.type !== 'null') ?? (option[0] as JsonSchema), name, every);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date-time') return SAMPLE_TIMESTAMP;
      if (schema.pattern === undefined) return `${name}-1`;
      // A pattern (money, a local sandbox's non-blank rule): the named text when it fits, else an amount.
      for (const candidate of [`${name}-1`, '12.50']) if (new RegExp(schema.pattern, 'u').test(candidate)) return candidate;
      throw new Error(`no sample for the pattern ${schema.pattern} of ${name}`);
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'null':
      return null;
    case 'object': {
      const keys = Object.keys(schema.properties ?? {}).filter((key) => every || (schema.required ?? []).includes(key));
      return Object.fromEntries(keys.map((key) => [key, fromJson((schema.properties ?? {})[key] as JsonSchema, key, every)]));
    }
    default:
      return {};
  }
}
