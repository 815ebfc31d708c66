type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * @internal A value `schema` accepts, for `describe`'s example: the schema's own example or default
 * where it has one, else the required fields filled by type (a path parameter as `<name>`). Optional
 * fields are left out: the example shows the least a call needs.
 */
export function exampleOf(schema: unknown, name = 'value'): unknown {
  if (!isSchema(schema)) return null;
  const examples = schema['examples'];
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  if (schema['default'] !== undefined) return schema['default'];
  if (schema['const'] !== undefined) return schema['const'];
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  const branches = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(branches)) return exampleOf(branches.find((b) => isSchema(b) && b['type'] !== 'null') ?? branches[0], name);
  const type = Array.isArray(schema['type']) ? (schema['type'].find((t) => t !== 'null') as unknown) : schema['type'];
  switch (type) {
    case 'object': {
      const properties = isSchema(schema['properties']) ? schema['properties'] : {};
      const required = Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
      return Object.fromEntries(required.map((field) => [field, exampleOf(properties[field], field)]));
    }
    case 'array':
      return [exampleOf(schema['items'], name)];
    case 'integer':
    case 'number':
      return typeof schema['minimum'] === 'number' && schema['minimum'] > -1e9 ? Math.max(schema['minimum'], 1) : 1;
    case 'boolean':
      return true;
    case 'string':
      return stringExample(schema, name);
    default:
      return null;
  }
}

function stringExample(schema: Schema, name: string): string {
  if (schema['format'] === 'date-time') return '2026-03-01T10:00:00-03:00';
  if (schema['format'] === 'date') return '2026-03-01';
  // A money string: the one pattern with two decimal places.
  if (typeof schema['pattern'] === 'string' && schema['pattern'].includes('{2}')) return '129.90';
  return `<${name}>`;
}
