import { describe, expect, it } from 'vitest';
import { jsonSchemas, openApiDocument, type JsonObject, type JsonSchema } from '../../src/openapi/index.js';
import { RECORDS } from '../../src/openapi/records.js';
import { OPERATIONS } from '../../src/operations/table.js';
import { TIPOS_EVENTO } from '../../src/webhooks/tipos-evento.js';
import { ANSWERS, EVENTS, answer, event } from '../spec-fixtures/fixtures.js';
import { inDocument, newAjv, problems } from './ajv.js';

// The spec fixtures are hand-written from the spec, never from the SDK: the document's schemas must
// accept what the server sends, as the fixtures show it.
const doc = openApiDocument();
const components = doc.components['schemas'] as JsonObject;
const ajv = newAjv(components);

function successOf(row: (typeof OPERATIONS)[number]): { status: string; schema?: JsonSchema } {
  const responses = (doc.paths[row.route]?.[row.method.toLowerCase()] as JsonObject)['responses'] as Record<string, JsonObject>;
  const [status, response] = Object.entries(responses).find(([s]) => /^2\d\d$/.test(s)) as [string, JsonObject];
  const content = response['content'] as Record<string, { schema: JsonSchema }> | undefined;
  return { status, schema: content?.['application/json']?.schema };
}

const eventBody = (name: string): unknown => event(name).body;

describe("the document's schemas accept the spec's examples", () => {
  it("every row's success answer accepts its spec fixture, with the status the spec states", () => {
    const checked = OPERATIONS.filter((row) => ANSWERS.has(row.id)).map((row) => {
      const { status, schema } = successOf(row);
      const fixture = answer(row.id);
      const found: string[] = typeof fixture.$status === 'number' && String(fixture.$status) !== status ? [`status ${status}, the spec says ${fixture.$status}`] : [];
      // A fixture body of null: the spec shows no answer, so any answer (or none) conforms.
      if (fixture.body !== null) found.push(...(schema === undefined ? ['no body where the spec shows one'] : problems(ajv, inDocument(schema), fixture.body)));
      return [row.id, status, found];
    });
    expect(checked.length).toBe(OPERATIONS.length);
    expect(checked.filter(([, , p]) => (p as string[]).length > 0)).toEqual([]);
  });

  it("the shared error answer accepts the spec's error body, and refuses one without codigo", () => {
    const body = answer('erro').body as { erro: Record<string, unknown> };
    const schema = inDocument({ $ref: '#/components/schemas/ErroBody' });
    expect(problems(ajv, schema, body)).toEqual([]);
    const { codigo: _, ...semCodigo } = body.erro;
    expect(problems(ajv, schema, { erro: semCodigo }).join()).toContain('codigo');
  });

  it('a money field is a string with two decimals: 129.9 as a number is refused', () => {
    const produto = structuredClone(answer('produtos.obter').body) as Record<string, unknown>;
    const schema = inDocument({ $ref: '#/components/schemas/Produto' });
    expect(problems(ajv, schema, produto)).toEqual([]);
    expect(problems(ajv, schema, { ...produto, precoAtacado: 129.9 })).not.toEqual([]);
    expect(problems(ajv, schema, { ...produto, campoNovo: 'kept' })).toEqual([]); // open object
  });

  it("every event kind's webhook accepts its spec notice", () => {
    const found = TIPOS_EVENTO.map((kind) => {
      const ref = JSON.stringify((doc.webhooks[kind] as JsonObject)['post']).match(/#\/components\/schemas\/Evento\w+/)?.[0] as string;
      return [kind, problems(ajv, inDocument({ $ref: ref }), eventBody(kind))];
    });
    expect(found.filter(([, p]) => (p as string[]).length > 0)).toEqual([]);
  });

  it('the produto.lote webhook accepts both formats of the spec, as a oneOf of item kinds', () => {
    const ref = JSON.stringify((doc.webhooks['produto.lote'] as JsonObject)['post']).match(/#\/components\/schemas\/Evento\w+/)?.[0] as string;
    const schema = inDocument({ $ref: ref });
    expect(problems(ajv, schema, eventBody('produto.lote'))).toEqual([]);
    expect(problems(ajv, schema, eventBody('produto.lote.com-alterados'))).toEqual([]);
    expect(JSON.stringify(components[ref.split('/').pop() as string])).toContain('"oneOf"');
    // An item of a price change without its `anterior` fits no kind.
    const bad = structuredClone(eventBody('produto.lote.com-alterados')) as { dados: { itens: Record<string, unknown>[] } };
    const item = bad.dados.itens.find((i) => i['evento'] === 'produto.preco_atualizado') as Record<string, unknown>;
    delete item['anterior'];
    expect(problems(ajv, schema, bad)).not.toEqual([]);
  });
});

describe('jsonSchemas()', () => {
  const schemas = jsonSchemas();
  const standalone = newAjv();

  it('one per record and per event kind, each with its $id and title, compiling under ajv 2020', () => {
    expect(Object.keys(schemas).filter((name) => name.startsWith('evento/'))).toEqual(TIPOS_EVENTO.map((kind) => `evento/${kind}`));
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['produto', 'pedido', 'erro-body', 'lancamento', 'etiqueta']));
    for (const [name, schema] of Object.entries(schemas)) {
      expect([name, schema['$schema'], schema['$id'], typeof schema['title']]).toEqual([name, 'https://json-schema.org/draft/2020-12/schema', `urn:partner-commerce:schema:${name}`, 'string']);
      expect(() => problems(standalone, schema, null)).not.toThrow();
    }
  });

  it("each event schema accepts the spec's notice of its kind (produto.lote in both formats)", () => {
    const results = [...EVENTS.keys()].map((name) => {
      const kind = name.replace('.com-alterados', '');
      return [name, problems(standalone, schemas[`evento/${kind}`] as JsonSchema, eventBody(name))];
    });
    expect(results.length).toBe(TIPOS_EVENTO.length + 1);
    expect(results.filter(([, p]) => (p as string[]).length > 0)).toEqual([]);
  });

  it("each record a row answers with accepts that row's spec answer (each item of a page)", () => {
    const recordOf = new Map(RECORDS.map(([name, schema]) => [schema() as unknown, name]));
    const fileOf = (record: string) => record.replace(/[A-Z]/g, (l, at: number) => `${at === 0 ? '' : '-'}${l.toLowerCase()}`);
    const checked = OPERATIONS.flatMap((row) => {
      const record = row.response ? recordOf.get(row.response()) : undefined;
      const body = ANSWERS.get(row.id)?.body;
      if (record === undefined || body === null || body === undefined) return [];
      const items = row.paged ? (body as { dados: unknown[] }).dados : [body];
      return items.map((item) => [row.id, fileOf(record), problems(standalone, schemas[fileOf(record)] as JsonSchema, item)]);
    });
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.filter(([, , p]) => (p as string[]).length > 0)).toEqual([]);
    expect(problems(standalone, schemas['erro-body'] as JsonSchema, answer('erro').body)).toEqual([]);
  });
});
