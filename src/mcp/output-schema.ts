import type { Operation } from '../operations/operation.js';
import { inputJsonSchema } from './tool.js';

type Schema = Record<string, unknown>;

const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/** Whether `key` of `schema` says nothing a reader of an answer needs (it costs tokens on every tool list). */
function noise(schema: Record<string, unknown>, key: string): boolean {
  if (key === 'required') return true;
  // `{}` allows any extra field, which JSON Schema does anyway when the key is absent.
  if (key === 'additionalProperties' && typeof schema[key] === 'object' && Object.keys(schema[key] as object).length === 0) return true;
  // A date-time's format says it; zod's 600-character pattern for it says it again.
  if (key === 'pattern' && schema['format'] !== undefined) return true;
  return (key === 'minimum' || key === 'maximum') && Math.abs(schema[key] as number) === SAFE_INTEGER;
}

/**
 * @internal A record's wire form with no field required, at any depth: `fields` may leave any of them
 * out, and a host validates every answer against the tool's outputSchema (the MCP SDK's client does).
 * Types, money patterns and nullability stay, so what is there is still checked.
 */
export function withNothingRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNothingRequired);
  if (typeof schema !== 'object' || schema === null) return schema;
  const object = schema as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(object)
      .filter(([key]) => !noise(object, key))
      .map(([key, value]) => [key, withNothingRequired(value)]),
  );
}

const nullable = (schema: unknown): Schema => ({ anyOf: [schema, { type: 'null' }] });

/** What every answer carries besides its data. */
const ENVELOPE: Schema = {
  source: { type: 'string', enum: ['api', 'mirror'] },
  requestId: { type: ['string', 'null'] },
  mirror: { type: 'object', description: 'How fresh a mirror answer is: watermark, lagMs, lastPosition' },
};

const cache = new WeakMap<Operation, Schema>();

/**
 * @internal The outputSchema of an operation's tool: `{ result, source, requestId, … }`, or one page
 * `{ dados, proximoCursor, temMais, … }`, the record in its wire form (money strings, ISO dates).
 */
export function outputSchemaOf(row: Operation): Schema {
  let schema = cache.get(row);
  if (schema === undefined) cache.set(row, (schema = build(row)));
  return schema;
}

function build(row: Operation): Schema {
  const record = row.response ? withNothingRequired(inputJsonSchema(row.response())) : { type: 'null' };
  if (row.paged) {
    return {
      type: 'object',
      properties: { dados: { type: 'array', items: record }, proximoCursor: { type: ['string', 'null'] }, temMais: { type: 'boolean' }, ...ENVELOPE },
      required: ['dados', 'proximoCursor', 'temMais', 'source'],
    };
  }
  return {
    type: 'object',
    properties: {
      result: row.response ? nullable(record) : record,
      ...ENVELOPE,
      idempotencyKey: { type: 'string' },
      idempotentReplayed: { type: 'boolean' },
    },
    required: ['result', 'source'],
  };
}

/** What a failed call's structuredContent holds (error-body.ts), in every tool's outputSchema. */
const ERROR_PROPERTIES: Schema = {
  codigo: { type: 'string' },
  mensagem: { type: 'string' },
  fix: { type: 'string' },
};

/**
 * @internal A tool's outputSchema as listed: its success shape, or a failure's `{ codigo, mensagem, fix }`.
 * A failed call carries structuredContent too, and hosts validate it against the schema whether or not
 * the call failed (the MCP SDK's client does), so the schema must say both.
 */
export function withFailure(success: Schema): Schema {
  const { required, properties, anyOf, ...rest } = success;
  const shapes = Array.isArray(anyOf) ? (anyOf as unknown[]) : [{ required: Array.isArray(required) ? required : [] }];
  return { ...rest, type: 'object', properties: { ...(properties as Schema | undefined), ...ERROR_PROPERTIES }, anyOf: [...shapes, { required: ['codigo', 'mensagem', 'fix'] }] };
}
