import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument, type JsonObject, type JsonSchema } from '../../src/openapi/index.js';
import { OPERATIONS } from '../../src/operations/table.js';
import { createFakeApi, type FakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';
import { json, scriptedFetch } from '../helpers/scripted-fetch.js';
import { connected } from '../mcp/mcp-helpers.js';
import { call, PDF, PNG, umPedido, upload, type Answer } from '../testing/helpers.js';
import { inDocument, newAjv, problems } from './ajv.js';

// Where the spec says "not shown", the SDK invents no rule, but the local sandbox needs a shape. Its
// rules are stated in the document (one definition: metadata on the same zod schemas), each marked
// `x-partner-commerce-source: local-sandbox` and said in words not to be the spec's; the SDK still sends
// a body that breaks them. Each rule below is written from the kit's own checks (src/testing: a blank
// text is refused after trimming, `quantidade` >= 1, `valor` above zero, images JPEG or PNG), not read
// off the document: a body the kit refuses, and where the rule lives in the body's schema.
const MARK = 'x-partner-commerce-source';
const doc = openApiDocument();
const ajv = newAjv(doc.components['schemas'] as JsonObject);
const rowOf = (id: string) => OPERATIONS.find((row) => row.id === id)!;
const operation = (id: string) => (doc.paths[rowOf(id).route] as Record<string, JsonObject>)[rowOf(id).method.toLowerCase()] as JsonObject;
const media = (id: string) => ((operation(id)['requestBody'] as JsonObject)['content'] as Record<string, JsonObject>)['application/json'] as JsonObject;
const bodySchema = (id: string) => media(id)['schema'] as JsonSchema;

/** The schema at a path of property names (`[]` steps into an array's items). */
function at(schema: JsonSchema, path: readonly string[]): JsonSchema {
  return path.reduce((s, step) => (step === '[]' ? (s['items'] as JsonSchema) : ((s['properties'] as Record<string, JsonSchema>)[step] as JsonSchema)), schema);
}

interface Rule {
  /** The operation, and what the rule is in words. */
  readonly id: string;
  readonly rule: string;
  /** A body the local sandbox refuses with 400 VALIDACAO for this rule alone. */
  readonly refused: Record<string, unknown>;
  /** The schemas that state it: a path to a property, or `[]` for the body's own `required`. */
  readonly marked: readonly (readonly string[])[];
}

const ITEM = { sku: 'TEN-001', numeracao: '38', quantidade: 1 };
const RULES: readonly Rule[] = [
  ...['pedidos.criar', 'pedidos.validar'].flatMap((id): Rule[] => [
    { id, rule: 'itens is required', refused: { referenciaExterna: 'REF-9' }, marked: [[]] },
    { id, rule: 'itens has at least one item', refused: { itens: [] }, marked: [['itens']] },
    { id, rule: 'an item has a sku', refused: { itens: [{ numeracao: '38', quantidade: 1 }] }, marked: [['itens', '[]']] },
    { id, rule: 'an item sku is not blank', refused: { itens: [{ ...ITEM, sku: '  ' }] }, marked: [['itens', '[]', 'sku']] },
    { id, rule: 'an item numeracao is not blank', refused: { itens: [{ ...ITEM, numeracao: '' }] }, marked: [['itens', '[]', 'numeracao']] },
    { id, rule: 'an item has whole pairs, at least 1', refused: { itens: [{ ...ITEM, quantidade: 0 }] }, marked: [['itens', '[]', 'quantidade']] },
    { id, rule: 'enviarPara is not blank', refused: { enviarPara: ' ', itens: [ITEM] }, marked: [['enviarPara']] },
    { id, rule: 'referenciaExterna is not blank', refused: { referenciaExterna: '   ', itens: [ITEM] }, marked: [['referenciaExterna']] },
  ]),
  ...['etiquetas.cotar', 'etiquetas.emitir'].flatMap((id): Rule[] => [
    { id, rule: 'pedidoId is required', refused: { servicoId: 1 }, marked: [[]] },
    { id, rule: 'pedidoId is not blank', refused: { pedidoId: ' ' }, marked: [['pedidoId']] },
    { id, rule: 'servicoId is at least 1', refused: { pedidoId: '{pedidoId}', servicoId: 0 }, marked: [['servicoId']] },
  ]),
  { id: 'clientes.criar', rule: 'nome is required on creation', refused: { whatsapp: '11999990000' }, marked: [[]] },
  { id: 'clientes.criar', rule: 'nome is not blank', refused: { nome: ' ' }, marked: [['nome']] },
  { id: 'clientes.atualizar', rule: 'nome, when sent, is not blank', refused: { nome: '' }, marked: [['nome']] },
  { id: 'pedidos.rastreios.adicionar', rule: 'codigo is required', refused: { transportadora: 'Correios' }, marked: [[]] },
  { id: 'pedidos.rastreios.adicionar', rule: 'transportadora is not blank', refused: { codigo: 'AA123456789BR', transportadora: ' ' }, marked: [['transportadora']] },
  { id: 'sandbox.financeiro.criarLancamento', rule: 'descricao is not blank', refused: { valor: '10.00', descricao: '  ' }, marked: [['descricao']] },
  { id: 'lojaHub.produtos.adicionar', rule: 'sku is not blank', refused: { sku: ' ' }, marked: [['sku']] },
  { id: 'pedidos.definirValorVenda', rule: 'valor is above zero', refused: { valor: '0.00' }, marked: [['valor']] },
  { id: 'pedidos.definirValorVenda', rule: 'valor is not negative', refused: { valor: '-5.00' }, marked: [['valor']] },
];

/** The image uploads, and what the kit takes there. */
const IMAGE_UPLOADS = ['lojaHub.enviarLogo', 'lojaHub.banners.adicionar'];

describe("the document states the local sandbox's rules, marked as not from the spec", () => {
  it.each(RULES.map((r) => [`${r.id}: ${r.rule}`, r] as const))('%s', (_, rule) => {
    const schema = bodySchema(rule.id);
    const refused = JSON.parse(JSON.stringify(rule.refused).replaceAll('{pedidoId}', 'ped_1')) as unknown;
    expect(problems(ajv, inDocument(schema), refused)).not.toEqual([]);
    for (const path of rule.marked) {
      const stated = at(schema, path);
      expect([path.join('.'), stated[MARK]]).toEqual([path.join('.'), 'local-sandbox']);
      expect(stated['description']).toMatch(/not from the spec: the local sandbox .* requires/i);
    }
  });

  it('a blank text is one the pattern refuses: empty, spaces only; a text with a letter passes', () => {
    const sku = at(bodySchema('pedidos.criar'), ['itens', '[]', 'sku']);
    expect(['', ' ', '\t ', 'a', ' TEN-001 '].map((text) => problems(ajv, inDocument(sku), text).length === 0)).toEqual([false, false, false, true, true]);
  });

  it('valor above zero allows any positive amount with two decimals, the smallest one cent', () => {
    const valor = at(bodySchema('pedidos.definirValorVenda'), ['valor']);
    expect(['0.01', '0.10', '1.00', '129.90', '100000.00'].filter((v) => problems(ajv, inDocument(valor), v).length > 0)).toEqual([]);
  });

  it("what the spec states stays unmarked: the ledger entry's required valor and descricao, its 200 characters, the stock's fields", () => {
    const lancamento = bodySchema('sandbox.financeiro.criarLancamento');
    expect([lancamento[MARK], lancamento['required']]).toEqual([undefined, ['valor', 'descricao']]);
    expect(at(lancamento, ['descricao'])['maxLength']).toBe(200);
    expect(at(lancamento, ['valor'])[MARK]).toBeUndefined();
    const estoque = bodySchema('sandbox.produtos.definirEstoque');
    expect([estoque[MARK], at(estoque, ['numeracao'])[MARK], at(estoque, ['estoque'])[MARK]]).toEqual([undefined, undefined, undefined]);
  });

  it("a customer's whatsapp and endereco may be null, on creation and on change", () => {
    for (const id of ['clientes.criar', 'clientes.atualizar']) {
      expect([id, problems(ajv, inDocument(bodySchema(id)), { nome: 'Ana', whatsapp: null, endereco: null })]).toEqual([id, []]);
    }
  });

  it('the image uploads take PNG or JPEG in part arquivo, marked; the payment proof keeps the shared upload, PDF included', () => {
    for (const id of IMAGE_UPLOADS) {
      const body = operation(id)['requestBody'] as JsonObject;
      const multipart = (body['content'] as Record<string, JsonObject>)['multipart/form-data'] as JsonObject;
      const types = (((multipart['encoding'] as JsonObject)['arquivo'] as JsonObject)['contentType'] as string).split(',').map((t) => t.trim());
      expect([id, [...types].sort()]).toEqual([id, ['image/jpeg', 'image/png']]);
      expect([body[MARK], body['description']]).toEqual(['local-sandbox', expect.stringMatching(/not from the spec/i)]);
    }
    expect(operation('pedidos.comprovantes.enviar')['requestBody']).toEqual({ $ref: '#/components/requestBodies/Upload' });
  });

  it('each body with a required field of the sandbox shows an example, which its schema accepts', () => {
    for (const id of ['pedidos.criar', 'pedidos.validar', 'etiquetas.cotar', 'etiquetas.emitir', 'clientes.criar', 'pedidos.rastreios.adicionar']) {
      const example = ((media(id)['examples'] as JsonObject)['localSandbox'] as JsonObject)['value'];
      expect([id, problems(ajv, inDocument(bodySchema(id)), example)]).toEqual([id, []]);
      expect(((media(id)['examples'] as JsonObject)['localSandbox'] as JsonObject)['summary']).toMatch(/not from the spec/i);
    }
  });
});

describe("the SDK does not check the sandbox's rules: it sends such a body, the server decides", () => {
  const created = { id: 'x_1', criadoEm: '2026-03-01T10:00:00-03:00', atualizadoEm: '2026-03-01T10:00:00-03:00' };

  it('sends each body only the local sandbox refuses, as given', async () => {
    const { fetch, seen } = scriptedFetch(() => json(201, created));
    const client = testClient(fetch);
    const sent = async (pending: Promise<unknown>) => {
      await pending.catch(() => undefined); // the answer's shape is not the point: the request is
      return JSON.parse(seen.at(-1)?.body ?? 'null') as unknown;
    };
    expect(await sent(client.clientes.criar({ nome: '' }))).toEqual({ nome: '' });
    expect(await sent(client.clientes.atualizar('cli_1', { whatsapp: null, endereco: null }))).toEqual({ whatsapp: null, endereco: null });
    expect(await sent(client.pedidos.criar({ itens: [{ sku: ' ', quantidade: 0 }], enviarPara: '' }))).toEqual({ itens: [{ sku: ' ', quantidade: 0 }], enviarPara: '' });
    expect(await sent(client.pedidos.validar({}))).toEqual({});
    expect(await sent(client.etiquetas.cotar({ servicoId: 0 }))).toEqual({ servicoId: 0 });
    expect(await sent(client.pedidos.rastreios.adicionar('ped_1', { codigo: ' ' }))).toEqual({ codigo: ' ' });
    expect(await sent(client.sandbox.financeiro.criarLancamento({ valor: '1.00', descricao: ' ' }))).toEqual({ valor: '1.00', descricao: ' ' });
    expect(await sent(client.lojaHub.produtos.adicionar(' '))).toEqual({ sku: ' ' });
    expect(await sent(client.pedidos.definirValorVenda('ped_1', 'it_1', '0.00'))).toEqual({ valor: '0.00' });
    expect(seen).toHaveLength(9);
  });

  it('an MCP tool shows the rule in its input schema and still sends such an argument', async () => {
    const { fetch, seen } = scriptedFetch(() => json(201, { sku: ' ', criadoEm: created.criadoEm }));
    const mcp = await connected({ client: testClient(fetch), allowWrites: true, tools: 'all' });
    try {
      const tool = (await mcp.client.listTools()).tools.find((t) => t.name === 'lojaHub_produtos_adicionar');
      const sku = (tool?.inputSchema.properties as Record<string, JsonObject> | undefined)?.['sku'];
      expect(sku).toMatchObject({ [MARK]: 'local-sandbox', pattern: expect.any(String), description: expect.stringMatching(/not from the spec/i) });
      await mcp.call('lojaHub_produtos_adicionar', { sku: ' ' });
      expect(seen.map((r) => r.body)).toEqual([JSON.stringify({ sku: ' ' })]);
    } finally {
      await mcp.close();
    }
  });
});

describe('the local sandbox keeps the rules the document states', () => {
  let fake: FakeApi;
  let pedido: { id: string; itens: Array<{ id: string }> };
  const route = (id: string) => rowOf(id).route.replace('{pedidoId}', pedido.id).replace('{itemId}', pedido.itens[0]!.id).replace('{id}', 'cli_nao_existe');
  const send = (id: string, body: unknown): Promise<Answer> => call(fake, rowOf(id).method, route(id), { body, headers: rowOf(id).idempotency ? { 'Idempotency-Key': `k-${Math.random()}` } : {} });

  beforeAll(async () => {
    fake = createFakeApi({ rateLimit: false, stockWebhookDelayMs: 0 });
    pedido = await umPedido(fake);
  });

  it.each(RULES.filter((r) => r.id !== 'clientes.atualizar').map((r) => [`${r.id}: ${r.rule}`, r] as const))('refuses with 400 VALIDACAO: %s', async (_, rule) => {
    const answer = await send(rule.id, JSON.parse(JSON.stringify(rule.refused).replaceAll('{pedidoId}', pedido.id)));
    expect([answer.status, answer.json?.erro?.codigo]).toEqual([400, 'VALIDACAO']);
  });

  it("refuses a blank nome on a customer's change, and clears whatsapp and endereco sent as null", async () => {
    const cliente = (await call(fake, 'POST', '/v1/clientes', { body: { nome: 'Ana', whatsapp: '11999990000', endereco: { cep: '01001000' } } })).json as { id: string };
    const blank = await call(fake, 'PATCH', `/v1/clientes/${cliente.id}`, { body: { nome: '' } });
    expect([blank.status, blank.json?.erro?.codigo]).toEqual([400, 'VALIDACAO']);
    const cleared = await call(fake, 'PATCH', `/v1/clientes/${cliente.id}`, { body: { whatsapp: null, endereco: null } });
    expect([cleared.status, 'whatsapp' in cleared.json, 'endereco' in cleared.json, cleared.json.nome]).toEqual([200, false, false, 'Ana']);
    const bare = await call(fake, 'POST', '/v1/clientes', { body: { nome: 'Bia', whatsapp: null, endereco: null } });
    expect(bare.status).toBe(201);
  });

  it("does not refuse the document's examples as malformed; the customer and the tracking code are created", async () => {
    const codes: Record<string, [number, string | undefined]> = {};
    for (const id of ['pedidos.criar', 'pedidos.validar', 'etiquetas.cotar', 'etiquetas.emitir', 'clientes.criar', 'pedidos.rastreios.adicionar']) {
      const answer = await send(id, ((media(id)['examples'] as JsonObject)['localSandbox'] as JsonObject)['value']);
      codes[id] = [answer.status, answer.json?.erro?.codigo];
    }
    // The examples name a product and an order the kit may not hold (its catalog is generated): what
    // they may meet is a record's absence (404, 422 ITENS_INDISPONIVEIS), never 400 VALIDACAO.
    expect(Object.entries(codes).filter(([, [, codigo]]) => codigo === 'VALIDACAO')).toEqual([]);
    expect([codes['clientes.criar']?.[0], codes['pedidos.rastreios.adicionar']?.[0]]).toEqual([201, 201]);
  });

  it("takes a PNG as a logo and a banner and refuses a PDF there, as the document's upload types say", async () => {
    for (const id of IMAGE_UPLOADS) {
      const png = await call(fake, rowOf(id).method, rowOf(id).route, { body: upload(PNG, 'logo.png') });
      const pdf = await call(fake, rowOf(id).method, rowOf(id).route, { body: upload(PDF, 'logo.pdf') });
      expect([id, png.status < 300, pdf.status, pdf.json?.erro?.codigo]).toEqual([id, true, 400, 'VALIDACAO']);
    }
  });
});
