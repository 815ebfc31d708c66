import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { InvalidInputError, PartnerCommerce } from '../../src/index.js';
import { createMcpServer } from '../../src/mcp/index.js';
import { checkMcpOptions } from '../../src/mcp/options.js';
import { inputSchemaOf } from '../../src/mcp/operation-tool.js';
import { whyNoTool } from '../../src/mcp/tool-set.js';
import { OPERATIONS } from '../../src/operations/table.js';
import { proseOf } from '../../src/operations/prose/prose-of.js';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi, type FakeApi } from '../../src/testing/index.js';
import { connected } from './mcp-helpers.js';

// The default tool set (search, describe, execute), joined to the MCP SDK's own Client, whose callTool
// checks every answer against the tool's outputSchema: a size budget for tools/list, every operation
// found and described, execute answering as the operation's own tool does, and answers projected.
const SANDBOX = 'svc_sbx_mcp_default_0123456789';
const PRODUCTION = 'svc_prod_mcp_default_0123456789';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const clientOf = (fake: FakeApi, token = SANDBOX) => new PartnerCommerce({ token, baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, maxRetries: 0 });

async function serve(options: Parameters<typeof connected>[0]) {
  const c = await connected(options);
  closers.push(c.close);
  return c;
}

/** The tools/list result as the host receives it, in bytes of JSON. */
async function listBytes(c: Awaited<ReturnType<typeof serve>>): Promise<{ names: string[]; bytes: number }> {
  const list = await c.client.listTools();
  return { names: list.tools.map((t) => t.name), bytes: Buffer.byteLength(JSON.stringify(list)) };
}

describe('the default tools', () => {
  it('are search, describe and execute, in at most 4,000 bytes of tools/list, whatever the token, flags and mirror', async () => {
    const fake = createFakeApi({ rateLimit: false, catalogSize: 3 });
    const mirror = createMirror({ client: clientOf(fake), store: createMemoryStore() });
    closers.push(() => mirror.close());
    for (const options of [
      { client: clientOf(fake) },
      { client: clientOf(fake), allowWrites: true },
      { client: clientOf(fake, PRODUCTION), allowWrites: true, allowProductionWrites: true },
      { client: clientOf(fake), mirror },
    ]) {
      const { names, bytes } = await listBytes(await serve(options));
      expect(names).toEqual(['search', 'describe', 'execute']);
      expect(bytes).toBeLessThanOrEqual(4000);
    }
  });

  it('find every one of the 53 operations by the words of its summary, and say whether this server runs it', async () => {
    expect(OPERATIONS).toHaveLength(53);
    const fake = createFakeApi({ rateLimit: false });
    const options = { client: clientOf(fake) };
    const c = await serve(options);
    const resolved = checkMcpOptions(options);
    const missed: string[] = [];
    for (const row of OPERATIONS) {
      const got = await c.call('search', { query: proseOf(row).summary, limite: 5 });
      const hit = (got.structured['results'] as { id: string; offered?: boolean }[]).find((r) => r.id === row.id);
      if (hit === undefined) missed.push(row.id);
      else expect(hit.offered, row.id).toBe(whyNoTool(row, resolved) === undefined);
    }
    expect(missed).toEqual([]);
  });

  it('find operations from the words a person uses, in English or Portuguese', async () => {
    const c = await serve({ client: clientOf(createFakeApi({ rateLimit: false })) });
    const first = async (query: string) => ((await c.call('search', { query })).structured['results'] as { id: string }[])[0]?.id;
    expect(await first('stock of a product')).toBe('produtos.estoque');
    expect(await first('saldo')).toBe('financeiro.saldo');
    expect(await first('account balance')).toBe('financeiro.saldo');
    expect(await first('cancel a shipping label')).toBe('etiquetas.cancelar');
    expect(await first('tracking code of an order')).toBe('pedidos.rastreios.adicionar');
    expect(await first('clientes')).toMatch(/^clientes\./);
  });

  it('describe every operation: its input as its own tool takes it, its output, errors and an example, and why it is not offered', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const options = { client: clientOf(fake, PRODUCTION) };
    const c = await serve(options);
    const resolved = checkMcpOptions(options);
    for (const row of OPERATIONS) {
      const got = await c.call('describe', { operation: row.id });
      expect(got.isError, row.id).toBe(false);
      const body = got.structured;
      expect(body['input']).toEqual(inputSchemaOf(row));
      expect(body).toMatchObject({ operation: row.id, method: row.method, route: row.route, offered: whyNoTool(row, resolved) === undefined });
      if (body['offered'] === false) expect(body['why']).toBe(whyNoTool(row, resolved));
      expect((body['example'] as { operation: string }).operation).toBe(row.id);
      expect((body['errors'] as { codigo: string }[]).map((e) => e.codigo)).toContain('INVALID_INPUT');
    }
  });

  it("describe gives a record's fields and schema, and a guide topic's text, by the ids search gives", async () => {
    const c = await serve({ client: clientOf(createFakeApi({ rateLimit: false })) });
    const found = (await c.call('search', { query: 'projecting answers with fields' })).structured['results'] as { kind: string; id: string }[];
    const topic = found.find((r) => r.kind === 'topic')!;
    expect((await c.call('describe', { operation: topic.id })).structured).toMatchObject({ topic: 'topic.fields', text: expect.stringContaining('[campo=valor]') });
    const record = await c.call('describe', { operation: 'Pedido' });
    expect(record.structured).toMatchObject({ record: 'Pedido', answeredBy: expect.arrayContaining(['pedidos.obter', 'pedidos.criar']) });
    expect(record.structured['fields']).toEqual(expect.arrayContaining(['id', 'status', 'itens']));
  });

  it('describe gives an example input execute accepts as the SDK checks it', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const c = await serve({ client: clientOf(fake), allowWrites: true });
    // Operations whose example needs no record of the account: the example alone is a valid call.
    for (const id of ['pedidos.validar', 'financeiro.extrato', 'produtos.listar', 'clientes.criar']) {
      const { example } = (await c.call('describe', { operation: id })).structured as { example: { operation: string; input: Record<string, unknown> } };
      const ran = await c.call('execute', example);
      expect((ran.structured as { codigo?: string }).codigo, `${id}: ${ran.text}`).not.toBe('INVALID_INPUT');
    }
  });

  it("execute answers as the operation's own tool does, through the same checks and the same client", async () => {
    const fake = createFakeApi({ rateLimit: false });
    const client = clientOf(fake);
    const defaults = await serve({ client });
    const perOperation = await serve({ client, tools: 'all' });
    const sku = fake.catalog.products()[0]!.sku;
    const without = ({ requestId: _r, ...rest }: Record<string, unknown>) => rest;
    for (const [id, input] of [
      ['produtos.obter', { sku }],
      ['categorias.listar', {}],
      ['produtos.listar', { limite: 3 }],
    ] as const) {
      const viaExecute = await defaults.call('execute', { operation: id, input });
      const viaTool = await perOperation.call(id.replaceAll('.', '_'), input);
      expect(without(viaExecute.structured)).toEqual(without(viaTool.structured));
    }
    // Bad input: the very refusal the operation's tool gives, nothing sent.
    const sent = fake.requests.length;
    const bad = await defaults.call('execute', { operation: 'pedidos.listar', input: { limite: 0 } });
    expect(bad.isError).toBe(true);
    expect(bad.structured).toEqual((await perOperation.call('pedidos_listar', { limite: 0 })).structured);
    expect(fake.requests.length).toBe(sent);
  });

  it('execute refuses what this server does not offer, and an unknown id with the closest ones, sending nothing', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const c = await serve({ client: clientOf(fake) });
    const refused = await c.call('execute', { operation: 'pedidos.criar', input: { body: { itens: [] } } });
    expect(refused.structured).toMatchObject({ codigo: 'TOOL_NOT_ALLOWED' });
    expect(refused.structured['mensagem']).toContain('--allow-writes');
    const upload = await c.call('execute', { operation: 'pedidos_comprovantes_enviar', input: { pedidoId: 'p', arquivo: '/etc/passwd' } });
    expect(upload.structured).toMatchObject({ codigo: 'TOOL_NOT_ALLOWED' });
    const unknown = await c.call('execute', { operation: 'pedido.obter' });
    expect(unknown.structured).toMatchObject({ codigo: 'UNKNOWN_OPERATION' });
    expect(unknown.structured['mensagem']).toContain('pedidos.obter');
    const badArgs = await c.call('execute', { operation: 'financeiro.saldo', extra: 1 });
    expect(badArgs.structured).toMatchObject({ codigo: 'INVALID_INPUT', issues: [{ path: 'extra' }] });
    expect(fake.requests).toHaveLength(0);
    // A per-operation tool the default set does not list: the answer names the execute call that runs it.
    const direct = await c.call('financeiro_saldo');
    expect(direct.structured).toMatchObject({ codigo: 'UNKNOWN_TOOL' });
    expect(direct.structured['fix']).toContain('"operation": "financeiro.saldo"');
  });

  it('a write through execute returns its Idempotency-Key, and the same key replays the same order', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const c = await serve({ client: clientOf(fake), allowWrites: true });
    const product = fake.catalog.products().find((p) => p.ativo && p.numeracoes.some((s) => s.estoque > 0))!;
    const size = product.numeracoes.find((s) => s.estoque > 0)!;
    const body = { enviarPara: 'CLIENTE', itens: [{ sku: product.sku, numeracao: size.numeracao, quantidade: 1 }] };
    const first = await c.call('execute', { operation: 'pedidos.criar', input: { body }, fields: ['id'] });
    expect(first.isError).toBe(false);
    const key = first.structured['idempotencyKey'] as string;
    const again = await c.call('execute', { operation: 'pedidos.criar', input: { body, idempotencyKey: key }, fields: ['id'] });
    expect(again.structured).toMatchObject({ result: first.structured['result'], idempotencyKey: key, idempotentReplayed: true });
    expect((await c.call('execute', { operation: 'pedidos.listar' })).structured['dados']).toHaveLength(1);
  });

  it('"sku and stock of size 38 for 50 products" is one call under 1,500 tokens (6,000 bytes), every value the catalog\'s', async () => {
    const fake = createFakeApi({ rateLimit: false, catalogSize: 60 });
    const c = await serve({ client: clientOf(fake) });
    const got = await c.call('execute', { operation: 'produtos.listar', input: { limite: 50 }, fields: ['sku', 'numeracoes[numeracao=38].estoque'] });
    expect(got.isError).toBe(false);
    expect(Buffer.byteLength(got.raw)).toBeLessThanOrEqual(6000);
    const dados = got.structured['dados'] as { sku: string; numeracoes: { estoque: number }[] }[];
    expect(dados).toHaveLength(50);
    for (const item of dados) {
      const product = fake.catalog.products().find((p) => p.sku === item.sku)!;
      expect(item.numeracoes).toEqual(product.numeracoes.filter((s) => s.numeracao === '38').map((s) => ({ estoque: s.estoque })));
    }
  });

  it("reach the mirror's own tools through execute when there is a mirror, projected too, at zero API calls", async () => {
    const fake = createFakeApi({ rateLimit: false, catalogSize: 7 });
    const mirror = createMirror({ client: clientOf(fake), store: createMemoryStore() });
    closers.push(() => mirror.close());
    await mirror.backfill();
    const c = await serve({ client: clientOf(fake), mirror });
    const sent = fake.requests.length;
    const status = await c.call('execute', { operation: 'mirror.status', fields: ['counts.products'] });
    expect(status.structured).toEqual({ result: { counts: { products: 7 } }, source: 'mirror' });
    const page = await c.call('execute', { operation: 'mirror.catalog', input: { limite: 3 }, fields: ['sku'] });
    expect(page.structured['dados']).toEqual(
      fake.catalog
        .products()
        .slice(0, 3)
        .map((p) => ({ sku: p.sku })),
    );
    expect((await c.call('execute', { operation: 'mirror.status', input: { extra: 1 } })).structured).toMatchObject({ codigo: 'INVALID_INPUT', issues: [{ path: 'extra' }] });
    expect(fake.requests.length).toBe(sent);
    // Without a mirror, describe says why they are not offered.
    const plain = await serve({ client: clientOf(fake) });
    expect((await plain.call('describe', { operation: 'mirror.status' })).structured).toMatchObject({ offered: false, why: expect.stringContaining('--mirror-dir') });
  });

  it('bad fields are refused naming the path, nothing sent', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const c = await serve({ client: clientOf(fake) });
    const got = await c.call('execute', { operation: 'financeiro.saldo', fields: ['saldo', 'a..b'] });
    expect(got.structured).toMatchObject({ codigo: 'INVALID_INPUT', issues: [{ path: 'fields.1' }] });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('how an agent is told to start', () => {
  it('the server instructions and mcp --help say: search, then describe, then execute', async () => {
    const c = await serve({ client: clientOf(createFakeApi({ rateLimit: false })) });
    expect(c.client.getInstructions()).toMatch(/search.*describe.*execute/s);
    const lines: string[] = [];
    const code = await runCli(['mcp', '--help'], { io: { out: (l) => lines.push(l), err: (l) => lines.push(l) }, stopped: new Promise(() => {}) });
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/For agents:.*search.*describe.*execute/s);
  });
});

describe('the tools option', () => {
  it('lists the tools named, by name, id or resource, and never one the write rules forbid', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const { names } = await listBytes(await serve({ client: clientOf(fake), tools: ['pedidos', 'financeiro.saldo', 'search'] }));
    expect(names.sort()).toEqual(['financeiro_saldo', 'pedidos_listar', 'pedidos_obter', 'pedidos_validar', 'search']);
    const writes = await listBytes(await serve({ client: clientOf(fake), allowWrites: true, tools: ['pedidos_rastreios'] }));
    expect(writes.names.sort()).toEqual(['pedidos_rastreios_adicionar', 'pedidos_rastreios_remover']);
  });

  it("'all' lists one tool per operation the server offers, each with an outputSchema", async () => {
    const fake = createFakeApi({ rateLimit: false });
    const options = { client: clientOf(fake), tools: 'all' as const };
    const list = await (await serve(options)).client.listTools();
    const resolved = checkMcpOptions(options);
    expect(list.tools.map((t) => t.name).sort()).toEqual(
      OPERATIONS.filter((row) => whyNoTool(row, resolved) === undefined)
        .map((row) => row.id.replaceAll('.', '_'))
        .sort(),
    );
    for (const tool of list.tools) expect(tool.outputSchema?.type, tool.name).toBe('object');
  });

  it('refuses an entry that names nothing, saying what it might have meant', () => {
    const client = clientOf(createFakeApi({ rateLimit: false }));
    expect(() => createMcpServer({ client, tools: ['pedido'] })).toThrow(InvalidInputError);
    try {
      createMcpServer({ client, tools: ['search', 'pedido'] });
    } catch (err) {
      expect((err as InvalidInputError).issues).toEqual([{ path: 'tools.1', message: expect.stringContaining('did you mean pedidos') }]);
    }
    expect(() => createMcpServer({ client, tools: [] })).toThrow(/tools/);
  });
});
