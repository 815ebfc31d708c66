import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonSchemas, openApiDocument, type JsonObject, type JsonSchema } from '../../src/openapi/index.js';
import { OPERATIONS } from '../../src/operations/table.js';
import { ANSWERS } from '../spec-fixtures/fixtures.js';
import { testClient } from '../helpers/client.js';
import { json, scriptedFetch } from '../helpers/scripted-fetch.js';
import { inDocument, newAjv, problems } from './ajv.js';

// What third-party tools (Redocly, Spectral, generators, a validating proxy) ask of the
// document beyond validity: statuses, descriptions, a licence, examples, a timestamp they can compile.
const doc = openApiDocument();
const components = doc.components['schemas'] as Record<string, JsonObject>;
const ajv = newAjv(components);
const operation = (row: (typeof OPERATIONS)[number]) => (doc.paths[row.route] as Record<string, JsonObject>)[row.method.toLowerCase()] as JsonObject;
const successStatuses = (op: JsonObject) => Object.keys(op['responses'] as JsonObject).filter((s) => /^2\d\d$/.test(s));
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { license: string };

describe('success statuses', () => {
  it('a creation the spec states no status for declares 200 and 201, both with the record', () => {
    const creations = [
      'clientes.criar',
      'pedidos.criar',
      'pedidos.rastreios.adicionar',
      'pedidos.comprovantes.enviar',
      'pedidos.despesas.adicionar',
      'etiquetas.emitir',
      'lojaHub.produtos.adicionar',
      'lojaHub.banners.adicionar',
    ];
    for (const id of creations) {
      const op = operation(OPERATIONS.find((row) => row.id === id)!);
      const responses = op['responses'] as Record<string, JsonObject>;
      expect([id, successStatuses(op)]).toEqual([id, ['200', '201']]);
      expect(responses['201']?.['content']).toEqual(responses['200']?.['content']);
      expect(ANSWERS.get(id)?.$status).toBe('2xx'); // the spec states none: else this is the wrong rule
    }
  });

  it('the SDK reads a creation answered 200 and one answered 201 alike, as the document allows both', async () => {
    const body = ANSWERS.get('pedidos.criar')?.body as Record<string, unknown>;
    const { fetch } = scriptedFetch(
      () => json(200, body),
      () => json(201, body),
    );
    const client = testClient(fetch);
    const pedidoBody = { itens: [{ sku: 'TEN-001', numeracao: '38', quantidade: 2 }] };
    const [ok, created] = [await client.pedidos.criar(pedidoBody, { idempotencyKey: 'a' }), await client.pedidos.criar(pedidoBody, { idempotencyKey: 'b' })];
    expect([ok.id, ok.total.toString()]).toEqual([body['id'], body['total']]);
    expect(created).toEqual(ok);
  });

  it('the status the spec states is the only one declared (201 for the ledger simulator, 204 for the reset)', () => {
    for (const row of OPERATIONS) {
      const stated = ANSWERS.get(row.id)?.$status;
      if (typeof stated === 'number') expect([row.id, successStatuses(operation(row))]).toEqual([row.id, [String(stated)]]);
    }
  });
});

describe('descriptions and licence', () => {
  it('every operation has a description of its own, longer than its summary', () => {
    const ops = OPERATIONS.map((row) => [row.id, operation(row)['description']] as const);
    expect(ops.filter(([, d]) => typeof d !== 'string' || d.length < 40)).toEqual([]);
    expect(new Set(ops.map(([, d]) => d)).size).toBe(OPERATIONS.length);
    expect(ops).toHaveLength(53);
  });

  it('every tag, the 10 resources and webhooks, has a description', () => {
    const tags = doc['tags'] as { name: string; description?: string }[];
    expect(tags).toHaveLength(11);
    expect(tags.filter((t) => typeof t.description !== 'string' || t.description.length < 10).map((t) => t.name)).toEqual([]);
  });

  it('info.license is the licence package.json declares, as an SPDX identifier', () => {
    expect((doc.info['license'] as JsonObject)['identifier']).toBe(pkg.license);
    expect((doc.info['license'] as JsonObject)['name']).toBe(pkg.license);
  });
});

describe('Timestamp', () => {
  const timestamp = components['Timestamp'] as JsonObject;

  it('is a plain date-time with the offset rule in a short pattern, not a 475-character calendar regex', () => {
    expect(timestamp['format']).toBe('date-time');
    expect(String(timestamp['pattern']).length).toBeLessThan(40);
    const patterns = [...JSON.stringify(doc).matchAll(/"pattern":"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] as string);
    expect(patterns.filter((p) => p.length > 100)).toEqual([]);
  });

  it("accepts what the API sends and refuses a value without offset, under a partner's validator", () => {
    const schema = inDocument({ $ref: '#/components/schemas/Timestamp' });
    for (const ok of ['2024-05-10T12:00:00-03:00', '2024-05-10T15:00:00Z', '2024-05-10T12:00:00.123-03:00']) expect([ok, problems(ajv, schema, ok)]).toEqual([ok, []]);
    for (const bad of ['2024-05-10T12:00:00', '2024-02-30T12:00:00-03:00', '2024-05-10']) expect([bad, problems(ajv, schema, bad).length > 0]).toEqual([bad, true]);
  });
});

describe('examples from the spec fixtures', () => {
  it('each record with a spec example carries it, and it validates against the record', () => {
    const found = Object.entries(components).filter(([, s]) => s['examples'] !== undefined);
    expect(found.map(([name]) => name)).toEqual(expect.arrayContaining(['Produto', 'Pedido', 'Etiqueta', 'Lancamento', 'ErroBody']));
    for (const [name, schema] of found) {
      for (const example of schema['examples'] as unknown[]) expect([name, problems(ajv, inDocument({ $ref: `#/components/schemas/${name}` }), example)]).toEqual([name, []]);
    }
  });

  it("the examples are the spec fixtures' bodies, not written from the models", () => {
    expect((components['Produto'] as JsonObject)['examples']).toEqual([ANSWERS.get('produtos.obter')?.body]);
    expect((components['ErroBody'] as JsonObject)['examples']).toEqual([ANSWERS.get('erro')?.body]);
    expect((jsonSchemas()['lancamento'] as JsonSchema)['examples']).toEqual([ANSWERS.get('sandbox.financeiro.criarLancamento')?.body]);
  });
});

describe('the order body', () => {
  const body = (id: string) => ((operation(OPERATIONS.find((row) => row.id === id)!)['requestBody'] as JsonObject)['content'] as Record<string, JsonObject>)['application/json'] as JsonObject;

  it("types an item as { sku, numeracao, quantidade }, open, the three required as the local sandbox's rule", () => {
    for (const id of ['pedidos.criar', 'pedidos.validar']) {
      const item = (((body(id)['schema'] as JsonObject)['properties'] as JsonObject)['itens'] as JsonObject)['items'] as JsonObject;
      expect(Object.keys(item['properties'] as JsonObject)).toEqual(['sku', 'numeracao', 'quantidade']);
      expect([item['required'], item['additionalProperties']]).toEqual([['sku', 'numeracao', 'quantidade'], {}]);
      expect(item['x-partner-commerce-source']).toBe('local-sandbox');
      expect(item['description']).toMatch(/not from the spec/i);
    }
  });

  it('shows an example order body, which its schema accepts', () => {
    const media = body('pedidos.criar');
    const example = ((media['examples'] as JsonObject)['localSandbox'] as JsonObject)['value'];
    expect(example).toMatchObject({ itens: [{ sku: expect.any(String), numeracao: expect.any(String), quantidade: expect.any(Number) }] });
    expect(problems(ajv, inDocument(media['schema'] as JsonSchema), example)).toEqual([]);
    expect(problems(ajv, inDocument(media['schema'] as JsonSchema), { itens: [{ quantidade: 'dois' }] })).not.toEqual([]);
  });
});
