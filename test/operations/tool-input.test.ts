import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/index.js';
import { inputSchemaOf, operationTool } from '../../src/mcp/operation-tool.js';
import type { Operation } from '../../src/operations/operation.js';
import { OPERATIONS } from '../../src/operations/table.js';
import { testClient } from '../helpers/client.js';
import { json, scriptedFetch } from '../helpers/scripted-fetch.js';

// The input side of an MCP tool: its input is its operation row's input, so what a model
// reads of it (descriptions) and what it is told when it gets an argument wrong come from the row.

interface JsonSchema {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** Every property of a JSON Schema, nested ones included, as a dotted path and its schema. */
function properties(schema: JsonSchema, at = ''): [string, JsonSchema][] {
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, child]) => [[`${at}${name}`, child] as [string, JsonSchema], ...properties(child, `${at}${name}.`)]);
  const items = schema.items ? properties(schema.items, `${at}[].`) : [];
  const options = (schema.anyOf ?? []).flatMap((option) => properties(option, at));
  return [...own, ...items, ...options];
}

const rowOf = (id: string): Operation => OPERATIONS.find((row) => row.id === id) as Operation;

/** The tool of a row on a client whose every request is recorded and answered with an empty page. */
function toolOf(id: string) {
  const { fetch, seen } = scriptedFetch(() => json(200, { dados: [], paginacao: { proximoCursor: null, temMais: false } }));
  return { tool: operationTool(rowOf(id), testClient(fetch), 'normal'), seen };
}

describe('operation tool inputs', () => {
  it('describe every property of every row: path parameters, body fields, list filters and upload fields', () => {
    const undescribed = OPERATIONS.flatMap((row) =>
      properties(inputSchemaOf(row) as JsonSchema)
        .filter(([, schema]) => typeof schema.description !== 'string' || schema.description === '')
        .map(([path]) => `${row.id}: ${path}`),
    );
    expect(undescribed).toEqual([]);
    // The check reads real properties: the order body's fields are among them.
    expect(properties(inputSchemaOf(rowOf('pedidos.criar')) as JsonSchema).map(([path]) => path)).toContain('body.referenciaExterna');
  });

  it('refuse a misspelt argument of a list tool (limit for limite), naming it and the known ones, and send nothing', async () => {
    const { tool, seen } = toolOf('pedidos.listar');
    const result = await tool.run({ limit: 5 });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      codigo: 'INVALID_INPUT',
      issues: [{ path: 'limit', message: expect.stringMatching(/^is not an option of the pedidos_listar tool \(known: limite, cursor\)/) }],
    });
    expect(seen).toHaveLength(0);
    expect(inputSchemaOf(rowOf('pedidos.listar'))).toMatchObject({ additionalProperties: false });
  });

  it('refuse an unknown argument of a tool that is not a list too', async () => {
    const { tool, seen } = toolOf('produtos.obter');
    const result = await tool.run({ sku: 'SKU-1', skuu: 'SKU-2' });
    expect(result.structuredContent).toMatchObject({ codigo: 'INVALID_INPUT', issues: [{ path: 'skuu' }] });
    expect(seen).toHaveLength(0);
  });

  it('still let an SDK list pass a filter it does not know through to the query', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, { dados: [], paginacao: { proximoCursor: null, temMais: false } }));
    await testClient(fetch).pedidos.listar({ filtroNovo: 'x' });
    expect(seen[0]?.url.searchParams.get('filtroNovo')).toBe('x');
  });

  it('tell a tool caller that a date filter is a date-time string with an example, not "a Date"', async () => {
    const { tool, seen } = toolOf('produtos.listar');
    const result = await tool.run({ atualizadoDesde: 'ontem' });
    const issues = (result.structuredContent['issues'] ?? []) as { path: string; message: string }[];
    expect(issues).toEqual([{ path: 'atualizadoDesde', message: expect.stringContaining('must be a date-time string such as 2026-03-01T10:00:00-03:00') }]);
    expect(issues[0]?.message).not.toMatch(/must be a Date/);
    expect(seen).toHaveLength(0);
  });

  it('give an SDK caller the same words for a bad date string, and still take a Date', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, { dados: [], paginacao: { proximoCursor: null, temMais: false } }));
    const client = testClient(fetch);
    const err = await client.produtos.listar({ atualizadoDesde: '2026-03-01T10:00:00+02:00' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues).toEqual([{ path: 'atualizadoDesde', message: expect.stringContaining('must be a date-time string such as 2026-03-01T10:00:00-03:00') }]);
    await client.produtos.listar({ atualizadoDesde: new Date('2026-03-01T13:00:00Z') });
    expect(seen[0]?.url.searchParams.get('atualizadoDesde')).toBe('2026-03-01T13:00:00.000Z');
  });
});
