import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { openApiDocument, type JsonObject } from '../../src/openapi/index.js';
import { OPERATIONS } from '../../src/operations/table.js';
import { operationObject, rowModels } from '../../src/openapi/operation-object.js';
import { wireSchemas } from '../../src/openapi/wire-schemas.js';
import { TIPOS_EVENTO } from '../../src/webhooks/tipos-evento.js';
import { encodeInput } from '../../src/operations/call.js';
import { newAjv, problems } from './ajv.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
type Op = JsonObject & { operationId: string };

/** Every operation of the document: [path, method, operation]. */
function operationsOf(doc: ReturnType<typeof openApiDocument>): [string, string, Op][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => [path, m, op as Op] as [string, string, Op]),
  );
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document for the maintained validator', async () => {
    const result = await validate(openApiDocument() as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(openApiDocument().openapi).toBe('3.1.0');
  });

  it('the validator catches a document that references a component it lacks', async () => {
    const broken = openApiDocument() as unknown as { components: { schemas: Record<string, unknown> } };
    delete broken.components.schemas['Produto'];
    const result = await validate(broken as never);
    expect(result.valid).toBe(false);
    expect(JSON.stringify(result)).toContain('Produto');
  });

  it("has one operation per row, with the row's method and path, and no operation without its row", () => {
    const ops = operationsOf(openApiDocument());
    const found = new Map(ops.map(([path, method, op]) => [op.operationId, `${method.toUpperCase()} ${path}`]));
    expect(Object.fromEntries(OPERATIONS.map((row) => [row.id, found.get(row.id)]))).toEqual(Object.fromEntries(OPERATIONS.map((row) => [row.id, `${row.method} ${row.route}`])));
    const rows = new Map(OPERATIONS.map((row) => [row.id, `${row.method} ${row.route}`]));
    expect(ops.filter(([path, method, op]) => rows.get(op.operationId) !== `${method.toUpperCase()} ${path}`)).toEqual([]);
    expect(ops).toHaveLength(OPERATIONS.length);
  });

  it('marks inferred paths and simulators, and stated production paths carry no mark', () => {
    const ops = new Map(operationsOf(openApiDocument()).map(([, , op]) => [op.operationId, op]));
    for (const row of OPERATIONS) {
      const op = ops.get(row.id) as JsonObject;
      expect([row.id, op['x-partner-commerce-path-source']]).toEqual([row.id, row.source === 'inferred' ? 'inferred' : undefined]);
      expect([row.id, op['x-partner-commerce-sandbox-only']]).toEqual([row.id, row.sandboxOnly ? true : undefined]);
    }
  });

  it('an inferred sandbox-only row gets both marks, the reasoning link and only the sandbox server', () => {
    const row = { ...(OPERATIONS[0] as (typeof OPERATIONS)[number]), source: 'inferred' as const, sandboxOnly: true };
    const models = rowModels(row);
    const sandbox = { url: '{sandbox_base_url}' };
    const op = operationObject(row, models, wireSchemas([], [models.success!]), sandbox);
    expect(op['x-partner-commerce-path-source']).toBe('inferred');
    expect(op['x-partner-commerce-path-reasoning']).toMatch(/docs\/endpoints\.md$/);
    expect(op['x-partner-commerce-sandbox-only']).toBe(true);
    expect(op['servers']).toEqual([sandbox]);
  });

  it('lists page with limite 1 to 100 and cursor; other rows have neither', () => {
    const doc = openApiDocument();
    const parameters = doc.components['parameters'] as Record<string, { schema: JsonObject }>;
    expect(parameters['limite']?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 50, description: 'Page size, 1 to 100' });
    for (const [, , op] of operationsOf(doc)) {
      const refs = JSON.stringify(op['parameters']);
      const paged = OPERATIONS.find((row) => row.id === op.operationId)?.paged;
      expect([op.operationId, refs.includes('/parameters/limite'), refs.includes('/parameters/cursor')]).toEqual([op.operationId, paged, paged]);
    }
  });

  it("the page parameters' schemas accept exactly what the SDK sends: limite 1 to 100, a non-empty cursor", () => {
    const parameters = openApiDocument().components['parameters'] as Record<string, { schema: JsonObject }>;
    const ajv = newAjv();
    const cases: [name: 'limite' | 'cursor', value: unknown][] = [
      ...[0, 1, 50, 100, 101, 1.5, -1].map((v) => ['limite', v] as ['limite', unknown]),
      ...['', 'c', 'eyJpZCI6NDJ9'].map((v) => ['cursor', v] as ['cursor', unknown]),
    ];
    for (const [name, value] of cases) {
      const sdkSends = (() => {
        try {
          encodeInput(
            OPERATIONS.find((row) => row.id === 'pedidos.listar')!,
            { [name]: value },
          );
          return true;
        } catch {
          return false;
        }
      })();
      expect([name, value, problems(ajv, parameters[name]!.schema, value).length === 0]).toEqual([name, value, sdkSends]);
    }
  });

  it('asks for Idempotency-Key where the row always sends one, optionally on other writes, never on reads', () => {
    const ops = new Map(operationsOf(openApiDocument()).map(([, , op]) => [op.operationId, JSON.stringify(op['parameters'])]));
    for (const row of OPERATIONS) {
      const expected = row.idempotency ? 'IdempotencyKeyRequired' : row.access === 'write' ? 'IdempotencyKeyOptional' : undefined;
      const given = /IdempotencyKey(Required|Optional)/.exec(ops.get(row.id) ?? '')?.[0];
      expect([row.id, given]).toEqual([row.id, expected]);
    }
  });

  it('every answer names the rate-limit headers, 429 gives Retry-After, errors share the error body', () => {
    const doc = openApiDocument();
    for (const [, , op] of operationsOf(doc)) {
      const responses = op['responses'] as Record<string, JsonObject>;
      const success = Object.entries(responses).find(([status]) => /^2\d\d$/.test(status))?.[1] as JsonObject;
      expect(Object.keys(success['headers'] as JsonObject)).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']));
      expect([responses['429'], responses['4XX'], responses['5XX']]).toEqual([
        { $ref: '#/components/responses/LimiteExcedido' },
        { $ref: '#/components/responses/Erro' },
        { $ref: '#/components/responses/Erro' },
      ]);
    }
    const limit = (doc.components['responses'] as Record<string, JsonObject>)['LimiteExcedido'] as JsonObject;
    expect(Object.keys(limit['headers'] as JsonObject)).toContain('Retry-After');
  });

  it("has a webhook for every event kind, with that kind's notice schema", () => {
    const doc = openApiDocument();
    expect(Object.keys(doc.webhooks)).toEqual([...TIPOS_EVENTO]);
    const schemas = doc.components['schemas'] as Record<string, JsonObject>;
    for (const kind of TIPOS_EVENTO) {
      const ref = JSON.stringify((doc.webhooks[kind] as JsonObject)['post']).match(/#\/components\/schemas\/(Evento\w+)/)?.[1] as string;
      expect(((schemas[ref]?.['properties'] as JsonObject)['evento'] as JsonObject)['const']).toBe(kind);
    }
  });

  it('is the same JSON on every call, and a caller changing its copy changes no other', () => {
    const first = openApiDocument();
    const text = JSON.stringify(first);
    (first.paths as Record<string, unknown>)['/v1/pedidos'] = null;
    expect(JSON.stringify(openApiDocument())).toBe(text);
  });
});
