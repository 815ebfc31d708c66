import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, type PartnerCommerce, type Hooks } from '../../src/index.js';
import { callOperation, encodeInput } from '../../src/operations/call.js';
import type { Operation } from '../../src/operations/operation.js';
import { OPERATIONS } from '../../src/operations/table.js';
import type { RequestOptions } from '../../src/transport/request-options.js';
import { transportOf } from '../../src/transport/transport-of.js';
import { Transport } from '../../src/transport/transport.js';
import { testClient } from '../helpers/client.js';
import { PROD_TOKEN, scriptedFetch, type SeenRequest } from '../helpers/scripted-fetch.js';
import { sample } from './sample.js';

// The operation table is the one definition of each operation: the client's methods, the MCP tools and
// the OpenAPI document all read it. Proven here: every method has its row, and each row, called through
// a client, puts its own method, route, body and query on the wire.

/** Every method of the client's resources, nested ones included, as `resource.sub.method`. */
function clientMethods(client: PartnerCommerce): string[] {
  const found: string[] = [];
  const walk = (target: object, prefix: string): void => {
    for (let proto = Object.getPrototypeOf(target); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        if (name !== 'constructor' && typeof (target as Record<string, unknown>)[name] === 'function') found.push(`${prefix}${name}`);
      }
    }
    for (const [key, value] of Object.entries(target)) {
      if (typeof value === 'object' && value !== null && !(value instanceof Transport)) walk(value, `${prefix}${key}.`);
    }
  };
  for (const [key, value] of Object.entries(client)) if (typeof value === 'object' && value !== null) walk(value, `${key}.`);
  return found;
}

/** The rows of docs/endpoints.md's method tables: method name, HTTP method, path, source, multipart. */
function documentedOperations() {
  const text = readFileSync(new URL('../../docs/endpoints.md', import.meta.url), 'utf8');
  const line = /^\| `([A-Za-z.]+)\([^`]*\)`[^|]*\| (GET|POST|PUT|PATCH|DELETE)( \(multipart\))? \| `(\/v1\/[^`]*)`[^|]*\| (stated|inferred)/gm;
  return [...text.matchAll(line)].map((m) => ({ id: m[1], method: m[2], multipart: m[3] !== undefined, route: m[4], source: m[5] }));
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
let dir: string;
let imagePath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'operations-'));
  imagePath = join(dir, 'imagem.png');
  await writeFile(imagePath, PNG);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every field the row's input names, sampled; an upload's `arquivo` is a real PNG on disk. */
function sampleInput(row: Operation): Record<string, unknown> {
  const input = sample(row.input(), true) as Record<string, unknown>;
  if ('arquivo' in input) input['arquivo'] = imagePath;
  return input;
}

/** A 200 with a body the row's response schema accepts (in the page envelope for a list), or a 204. */
function answerFor(row: Operation): Response {
  if (!row.response) return new Response(null, { status: 204 });
  const item = sample(row.response(), false);
  expect(row.response().safeParse(item).success).toBe(true);
  const body = row.paged ? { dados: [item], paginacao: { proximoCursor: null, temMais: false } } : item;
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** The route with each placeholder filled from the input, as the transport encodes it. */
function expectedPath(row: Operation, input: Record<string, unknown>): string {
  return row.route.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(input[name])));
}

/** Calls the row through a client's transport, as its resource method does (an upload's file already read). */
function callRow(row: Operation, client: PartnerCommerce, input: Record<string, unknown>, options: RequestOptions): PromiseLike<unknown> {
  const bodyFrom = row.body === 'multipart' ? () => Promise.resolve(uploadOf(input)) : undefined;
  return callOperation(transportOf(client), row, input, options, { bodyFrom });
}

function uploadOf(input: Record<string, unknown>): FormData {
  const form = new FormData();
  form.append('arquivo', new Blob([PNG], { type: 'image/png' }), String(input['nomeArquivo'] ?? 'imagem.png'));
  return form;
}

async function call(row: Operation, token?: string): Promise<{ seen: SeenRequest[]; result: unknown; input: Record<string, unknown>; operations: Hooks.OperationInfo[] }> {
  const { fetch, seen } = scriptedFetch(() => answerFor(row));
  const client = testClient(fetch, token === undefined ? {} : { token });
  const input = sampleInput(row);
  // The call's own hooks see the operation as the row names it: through them, the row's options reach the call.
  const operations: Hooks.OperationInfo[] = [];
  const result = await callRow(row, client, input, { hooks: { beforeAttempt: (context) => void operations.push(context.operation) } });
  return { seen, result, input, operations };
}

describe('the operation table and the client agree', () => {
  it('has one row per client method, and one method per row (every method has its path, every path its method)', () => {
    const methods = clientMethods(testClient(scriptedFetch().fetch));
    const ids = OPERATIONS.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...methods].sort());
    expect(ids).toHaveLength(53);
  });

  it('agrees with docs/endpoints.md: method, path, source and multipart of every documented method', () => {
    const documented = documentedOperations();
    expect(documented).toHaveLength(53);
    const rows = OPERATIONS.map((row) => ({ id: row.id, method: row.method, multipart: row.body === 'multipart', route: row.route, source: row.source }));
    expect(rows).toEqual(documented);
  });

  it.each(OPERATIONS.map((row) => [row.id, row] as const))('%s sends its method to its route, and parses the answer', async (_, row) => {
    const { seen, result, input, operations } = await call(row, row.sandboxOnly ? undefined : PROD_TOKEN);
    expect(operations).toEqual([{ name: row.id, method: row.method, route: row.route }]);
    expect(seen).toHaveLength(1);
    const [request] = seen as [SeenRequest];
    expect(request.method).toBe(row.method);
    expect(request.url.pathname).toBe(expectedPath(row, input));
    if (row.sandboxOnly) expect(request.headers.get('authorization')).toMatch(/^Bearer svc_sbx_/);
    expect(request.headers.has('idempotency-key')).toBe(row.idempotency);

    const contentType = request.headers.get('content-type') ?? '';
    if (row.body === 'multipart') expect(contentType).toMatch(/^multipart\/form-data/);
    else if (row.body) {
      expect(contentType).toMatch(/^application\/json/);
      expect(row.body().safeParse(JSON.parse(request.body)).success).toBe(true);
    } else expect(request.body).toBe('');

    const queryFields = row.query ? [...Object.keys(row.query().shape), ...(row.paged ? ['limite', 'cursor'] : [])] : [];
    for (const field of queryFields) if (input[field] !== undefined) expect(request.url.searchParams.has(field)).toBe(true);
    if (!row.query) expect([...request.url.searchParams.keys()]).toEqual([]);

    if (row.paged) expect(result).toMatchObject({ dados: [expect.anything()] });
    else if (row.response) expect(result).toBeTypeOf('object');
    else expect(result).toBeUndefined();
  });

  it('marks sandbox-only exactly the rows a production token is refused for, before anything is sent', async () => {
    const refused: string[] = [];
    for (const row of OPERATIONS) {
      const { fetch, seen } = scriptedFetch(() => answerFor(row));
      const outcome = await callRow(row, testClient(fetch, { token: PROD_TOKEN }), sampleInput(row), {}).then(
        () => 'sent',
        (err: unknown) => err,
      );
      if (outcome !== 'sent') {
        expect(outcome).toBeInstanceOf(InvalidInputError);
        expect(seen).toHaveLength(0);
        refused.push(row.id);
      }
    }
    expect(refused).toEqual(OPERATIONS.filter((row) => row.sandboxOnly).map((row) => row.id));
    expect(refused).toHaveLength(7);
  });

  it.each(OPERATIONS.filter((row) => row.pathParams.length > 0).flatMap((row) => row.pathParams.map((param) => [row.id, param, row] as const)))(
    '%s refuses an input without %s, naming it',
    (_, param, row) => {
      const input = sampleInput(row);
      delete input[param];
      const result = row.input().safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([param]);
    },
  );

  it.each([
    ['..', '".." is not a valid identifier'],
    ['.', '"." is not a valid identifier'],
    ['\uD800', 'lone surrogate'],
    ['', 'must be a non-empty string'],
  ])('refuses %j as a path parameter, naming it, as the transport would', (value, message) => {
    for (const row of OPERATIONS) {
      for (const param of row.pathParams) {
        const result = row.input().safeParse({ ...sampleInput(row), [param]: value });
        expect(result.error?.issues, `${row.id} ${param}`).toEqual([expect.objectContaining({ path: [param], message: expect.stringContaining(message) })]);
      }
    }
  });

  it('refuses the filters the SDK refuses before sending, naming the field', () => {
    const row = OPERATIONS.find((r) => r.id === 'produtos.listar') as Operation;
    const issues = (value: Record<string, unknown>) => {
      try {
        encodeInput(row, value);
        return [];
      } catch (err) {
        return (err as InvalidInputError).issues.map((issue) => issue.path);
      }
    };
    // The API reads only the offsets Z and -03:00; the SDK refuses the others, so the input does too.
    expect(issues({ atualizadoDesde: '2026-11-20T10:00:00+02:00' })).toEqual(['atualizadoDesde']);
    expect(issues({ atualizadoDesde: '2026-11-20T10:00:00' })).toEqual(['atualizadoDesde']);
    expect(issues({ atualizadoDesde: '2026-11-20T13:00:00Z', limite: 0, cursor: '' })).toEqual(['limite', 'cursor']);
    expect(issues({ atualizadoDesde: '2026-11-20T10:00:00-03:00', limite: 100, outroFiltro: 'x' })).toEqual([]);
  });

  it("lists path parameters in the route's order, each one a field of the input", () => {
    for (const row of OPERATIONS) {
      expect(row.pathParams, row.id).toEqual([...row.route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
      for (const param of row.pathParams) expect(Object.keys(row.input().shape), row.id).toContain(param);
    }
  });

  it('gives every schema of every row a JSON Schema of its wire form (what OpenAPI and the tools describe)', () => {
    for (const row of OPERATIONS) {
      const schemas = { input: row.input(), query: row.query?.(), body: typeof row.body === 'function' ? row.body() : undefined, response: row.response?.() };
      for (const [part, schema] of Object.entries(schemas)) {
        if (schema) expect(() => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), `${row.id} ${part}`).not.toThrow();
      }
    }
    // Money goes on the wire as the two-decimal string, never as the SDK's Money object.
    const valor = OPERATIONS.find((row) => row.id === 'pedidos.definirValorVenda')?.input();
    const wire = (valor && z.toJSONSchema(valor, { io: 'input' }).properties?.['valor']) as { type?: string; pattern?: string } | undefined;
    expect(wire?.type).toBe('string');
    expect(['129.90', '129.9', '129'].map((text) => new RegExp(wire?.pattern ?? '').test(text))).toEqual([true, false, false]);
  });

  it('reads with GET; of the other methods only the simulation and the quote are reads', () => {
    const reads = OPERATIONS.filter((row) => row.access === 'read');
    expect(reads.filter((row) => row.method !== 'GET').map((row) => row.id)).toEqual(['pedidos.validar', 'etiquetas.cotar']);
    expect(OPERATIONS.filter((row) => row.method === 'GET').every((row) => row.access === 'read')).toBe(true);
  });

  it('refuses the bodies the SDK refuses before sending, naming the field', () => {
    const body = (id: string) => {
      const row = OPERATIONS.find((r) => r.id === id);
      if (!row || typeof row.body !== 'function') throw new Error(`${id} has no JSON body`);
      return row.body();
    };
    const issues = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    const lancamento = body('sandbox.financeiro.criarLancamento');
    expect(issues(lancamento, { valor: '0.00', descricao: 'x' })).toEqual(['valor']);
    expect(issues(lancamento, { valor: '1.5', descricao: 'x' })).toEqual(['valor']);
    expect(issues(lancamento, { valor: '-12.50', descricao: 'x'.repeat(201) })).toEqual(['descricao']);
    // 200 emoji are 400 UTF-16 units but 200 characters, as the SDK counts them.
    expect(issues(lancamento, { valor: '-12.50', descricao: '😀'.repeat(200), pedidoId: 'ped_1', extra: 1 })).toEqual([]);
    expect(issues(lancamento, { valor: '-12.50', descricao: 'x', pedidoId: '' })).toEqual(['pedidoId']);
    const estoque = body('sandbox.produtos.definirEstoque');
    expect(issues(estoque, { numeracao: '', estoque: 1 })).toEqual(['numeracao']);
    expect(issues(estoque, { numeracao: '38', estoque: -1 })).toEqual(['estoque']);
    expect(issues(estoque, { numeracao: '38', estoque: 1.5 })).toEqual(['estoque']);
    expect(issues(body('sandbox.pedidos.alterarStatus'), { status: 'PERDIDO' })).toEqual(['status']);
    expect(issues(body('sandbox.etiquetas.alterarStatus'), { status: 'GERADA' })).toEqual(['status']);
    expect(issues(body('pedidos.criar'), { referenciaExterna: '', campoNovo: 1 })).toEqual(['referenciaExterna']);
    expect(issues(body('pedidos.definirValorVenda'), { valor: 129.9 })).toEqual(['valor']);
    expect(issues(body('lojaHub.produtos.adicionar'), { sku: '' })).toEqual(['sku']);
  });
});
