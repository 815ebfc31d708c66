import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument, type JsonObject, type JsonSchema } from '../../src/openapi/index.js';
import { OPERATIONS } from '../../src/operations/table.js';
import type { Answer } from '../testing/helpers.js';
import { walkEveryOperation } from '../spec-fixtures/kit-walk.js';
import { inDocument, newAjv, problems } from './ajv.js';

// The kit is written from the spec on its own (src/testing/ never imports the models): what it answers
// is what `partner-commerce sandbox` answers, so a partner's generated client and a validating proxy
// judge the document by it. Each operation's real answer, not a sample built from the models, is held
// against the document here.
const doc = openApiDocument();
const components = doc.components['schemas'] as Record<string, JsonSchema>;
const ajv = newAjv(components);
let answers: ReadonlyMap<string, Answer>;

beforeAll(async () => {
  ({ answers } = await walkEveryOperation());
});

const resolve = (schema: JsonSchema): JsonSchema => {
  const ref = schema['$ref'];
  return typeof ref === 'string' ? resolve(components[ref.replace('#/components/schemas/', '')] as JsonSchema) : schema;
};

/**
 * The paths of `value` the schema does not name: a key of an object without its `properties` entry
 * (an open object accepts it, but a generated client has no field for it). A schema with no `type` and
 * no branches (`{}`, a shape the spec does not show) names whatever is inside it.
 */
export function undeclared(schema: JsonSchema, value: unknown, at = ''): string[] {
  const s = resolve(schema);
  const branches = (s['anyOf'] ?? s['oneOf']) as JsonSchema[] | undefined;
  if (branches) {
    const each = branches.map((b) => ({ fits: problems(ajv, inDocument(b), value).length === 0, missing: undeclared(b, value, at) }));
    const fitting = each.filter((e) => e.fits);
    return (fitting.length > 0 ? fitting : each).reduce((best, e) => (e.missing.length < best.missing.length ? e : best)).missing;
  }
  if (Array.isArray(value)) return s['items'] ? value.flatMap((item, i) => undeclared(s['items'] as JsonSchema, item, `${at}/${i}`)) : [];
  if (value === null || typeof value !== 'object' || s['type'] === undefined) return [];
  const properties = (s['properties'] ?? {}) as Record<string, JsonSchema>;
  const rest = s['additionalProperties'];
  return Object.entries(value).flatMap(([key, inner]) => {
    if (properties[key]) return undeclared(properties[key], inner, `${at}/${key}`);
    // A record of the API's own keys (`tipos` of the changelog) names its values' shape, not its keys.
    if (rest && typeof rest === 'object' && Object.keys(rest).length > 0) return undeclared(rest as JsonSchema, inner, `${at}/${key}`);
    return [`${at}/${key}`];
  });
}

function operationOf(row: (typeof OPERATIONS)[number]): JsonObject {
  return (doc.paths[row.route] as Record<string, JsonObject>)[row.method.toLowerCase()] as JsonObject;
}

describe('the document describes what the sandbox answers', () => {
  it('the kit answered every operation with a success', () => {
    expect(OPERATIONS.map((row) => [row.id, answers.get(row.id)?.status ?? 'not called']).filter(([, s]) => typeof s !== 'number' || s >= 300)).toEqual([]);
  });

  it('every success status the kit answers is declared on its operation', () => {
    const missing = OPERATIONS.flatMap((row) => {
      const status = String(answers.get(row.id)?.status);
      return status in (operationOf(row)['responses'] as JsonObject) ? [] : [`${row.id} answers ${status}`];
    });
    expect(missing).toEqual([]);
  });

  it('every answer validates against the schema its status declares', () => {
    const found = OPERATIONS.flatMap((row) => {
      const a = answers.get(row.id) as Answer;
      const response = (operationOf(row)['responses'] as Record<string, JsonObject>)[String(a.status)];
      const schema = (response?.['content'] as Record<string, { schema: JsonSchema }> | undefined)?.['application/json']?.schema;
      if (a.json === undefined) return schema === undefined ? [] : [`${row.id}: no body where one is declared`];
      if (schema === undefined) return [`${row.id}: a body where none is declared`];
      return problems(ajv, inDocument(schema), a.json).map((p) => `${row.id}: ${p}`);
    });
    expect(found).toEqual([]);
  });

  it('every field the kit sends in a success answer is declared by its schema', () => {
    const found = OPERATIONS.flatMap((row) => {
      const a = answers.get(row.id) as Answer;
      const response = (operationOf(row)['responses'] as Record<string, JsonObject>)[String(a.status)] ?? {};
      const schema = (response['content'] as Record<string, { schema: JsonSchema }> | undefined)?.['application/json']?.schema;
      return schema && a.json !== undefined ? undeclared(schema, a.json).map((path) => `${row.id} ${path}`) : [];
    });
    expect(found).toEqual([]);
  });

  it("the error body declares the fields its codes carry (itens, pedido), each item's and the order's fields too", () => {
    const found = ['erro', 'erro.ITENS_INDISPONIVEIS', 'erro.REFERENCIA_EXTERNA_DUPLICADA'].flatMap((name) => {
      const a = answers.get(name) as Answer;
      return [...problems(ajv, inDocument({ $ref: '#/components/schemas/ErroBody' }), a.json), ...undeclared({ $ref: '#/components/schemas/ErroBody' }, a.json)].map((p) => `${name} ${p}`);
    });
    expect(found).toEqual([]);
    expect((answers.get('erro.ITENS_INDISPONIVEIS') as Answer).json.erro.itens).toHaveLength(1);
    expect((answers.get('erro.REFERENCIA_EXTERNA_DUPLICADA') as Answer).json.erro.pedido.id).toEqual(expect.any(String));
  });
});
