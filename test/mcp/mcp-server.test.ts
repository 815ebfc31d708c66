import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartnerCommerce, RateLimiter } from '../../src/index.js';
import { checkMcpOptions } from '../../src/mcp/options.js';
import { inputSchemaOf } from '../../src/mcp/operation-tool.js';
import { whyNoTool } from '../../src/mcp/tool-set.js';
import type { Operation } from '../../src/operations/operation.js';
import { OPERATIONS } from '../../src/operations/table.js';
import { checkIdempotencyKey } from '../../src/transport/idempotency.js';
import type { InputIssue } from '../../src/errors/invalid-input-error.js';
import { createFakeApi, type FakeApi } from '../../src/testing/index.js';
import { connected } from './mcp-helpers.js';

// createMcpServer in process, joined to the MCP SDK's own Client by its InMemoryTransport, against the
// testing kit's fake (its fetch): the tool list by token and flags, one page of a list, bad input in
// the SDK's words, API errors with codigo and fix, Idempotency-Keys returned, and no token anywhere.
const TOKEN = 'svc_sbx_mcp_in_process_0123456789';
const BASE = 'https://sandbox.example.test';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function clientOf(fake: FakeApi, token = TOKEN, extra: Partial<ConstructorParameters<typeof PartnerCommerce>[0]> = {}): PartnerCommerce {
  return new PartnerCommerce({ token, baseUrl: BASE, fetch: fake.fetch, rateLimit: false, maxRetries: 0, ...extra });
}

async function serve(options: Parameters<typeof connected>[0]) {
  // These tests are about the per-operation tools, listed with tools: 'all'.
  const c = await connected({ tools: 'all', ...options });
  closers.push(c.close);
  return c;
}

/** An item the fake can sell `n` times: an active product's size with that much stock. */
function sellable(fake: FakeApi, n = 1): { sku: string; numeracao: string; quantidade: number } {
  for (const p of fake.catalog.products()) {
    const size = p.ativo ? p.numeracoes.find((s) => s.estoque >= n) : undefined;
    if (size) return { sku: p.sku, numeracao: size.numeracao, quantidade: 1 };
  }
  throw new Error('no product to sell');
}

const names = async (c: Awaited<ReturnType<typeof serve>>) => (await c.client.listTools()).tools.map((t) => t.name);

describe('createMcpServer: the tools', () => {
  it('offers read tools by default and write tools only with allowWrites, with a sandbox token', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const readOnly = await names(await serve({ client: clientOf(fake) }));
    expect(readOnly).toContain('pedidos_listar');
    expect(readOnly).toContain('produtos_obter');
    expect(readOnly).not.toContain('pedidos_criar');
    expect(await names(await serve({ client: clientOf(fake), allowWrites: true }))).toContain('pedidos_criar');
  });

  it('offers no write tool with a production token unless allowProductionWrites is given too', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const prod = clientOf(fake, 'svc_prod_mcp_0123456789');
    expect(await names(await serve({ client: prod, allowWrites: true }))).not.toContain('pedidos_criar');
    expect(await names(await serve({ client: prod, allowWrites: true, allowProductionWrites: true }))).toContain('pedidos_criar');
  });

  it('refuses a write tool the server does not offer, saying which flag it needs, and sends nothing', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const c = await serve({ client: clientOf(fake) });
    const refused = await c.call('pedidos_criar', { body: { referenciaExterna: 'x' } });
    expect(refused.isError).toBe(true);
    expect(refused.structured).toMatchObject({ codigo: 'TOOL_NOT_ALLOWED' });
    expect(refused.structured['mensagem']).toContain('allowWrites');
    expect(fake.requests).toHaveLength(0);
  });

  it('describes each tool with its method and path, and its input as the wire JSON Schema', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const tools = (await (await serve({ client: clientOf(fake), allowWrites: true })).client.listTools()).tools;
    const listar = tools.find((t) => t.name === 'pedidos_listar')!;
    expect(listar.description).toContain('GET /v1/pedidos');
    expect(listar.inputSchema.properties).toMatchObject({ limite: { type: 'integer', maximum: 100, default: 20 } });
    const criar = tools.find((t) => t.name === 'pedidos_criar')!;
    expect(criar.inputSchema.properties).toHaveProperty('idempotencyKey');
    expect(criar.annotations).toMatchObject({ readOnlyHint: false });
  });

  it("states the Idempotency-Key rule the SDK enforces in the key's schema: a key it refuses does not match", () => {
    const key = (inputSchemaOf(OPERATIONS.find((row) => row.id === 'pedidos.criar')!)['properties'] as Record<string, { pattern?: string }>)['idempotencyKey']!;
    const matches = (value: string) => new RegExp(key.pattern ?? '').test(value);
    for (const refused of ['com espaço', 'a b', '', 'x'.repeat(256), 'ação']) {
      const issues: InputIssue[] = [];
      checkIdempotencyKey(refused, issues);
      expect(issues, refused).toHaveLength(1);
      expect(matches(refused), refused).toBe(false);
    }
    expect(matches('pedido-42_!~')).toBe(true);
  });
});

describe('which operations get a tool (the rules, on rows of every kind)', () => {
  const base = OPERATIONS.find((row) => row.id === 'produtos.obter')!;
  const row = (patch: Partial<Operation>): Operation => ({ ...base, ...patch });
  const fake = createFakeApi({ rateLimit: false });
  const sandbox = (extra = {}) => checkMcpOptions({ client: clientOf(fake), ...extra });
  const production = (extra = {}) => checkMcpOptions({ client: clientOf(fake, 'svc_prod_rules_0123456789'), ...extra });

  it("never an upload, whatever the flags: a tool must not read local files on a model's say", () => {
    const upload = row({ body: 'multipart', access: 'write' });
    expect(whyNoTool(upload, sandbox({ allowWrites: true }))).toMatch(/local files/);
    expect(whyNoTool(upload, production({ allowWrites: true, allowProductionWrites: true }))).toMatch(/local files/);
  });

  it('a sandbox simulator only with a sandbox token', () => {
    const simulator = row({ sandboxOnly: true });
    expect(whyNoTool(simulator, sandbox())).toBeUndefined();
    expect(whyNoTool(simulator, production({ allowWrites: true, allowProductionWrites: true }))).toMatch(/sandbox simulator/);
  });

  it('a write only with allowWrites, and with a production token only with allowProductionWrites too', () => {
    const write = row({ access: 'write', method: 'POST' });
    expect(whyNoTool(write, sandbox())).toMatch(/allowWrites/);
    expect(whyNoTool(write, sandbox({ allowWrites: true }))).toBeUndefined();
    expect(whyNoTool(write, production({ allowWrites: true }))).toMatch(/allowProductionWrites/);
    expect(whyNoTool(write, production({ allowWrites: true, allowProductionWrites: true }))).toBeUndefined();
    expect(whyNoTool(base, production())).toBeUndefined();
  });
});

describe('createMcpServer: calls go through the client', () => {
  it('answers a list with ONE page of 20 by default, with the cursor of the next', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const client = clientOf(fake);
    const item = sellable(fake, 25);
    for (let i = 0; i < 25; i++) await client.pedidos.criar({ referenciaExterna: `r-${i}`, itens: [item] });
    const before = fake.requests.length;
    const c = await serve({ client });
    const page = await c.call('pedidos_listar');
    expect(page.isError).toBe(false);
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/v1/pedidos?limite=20']);
    expect(page.structured).toMatchObject({ temMais: true, source: 'api' });
    expect((page.structured['dados'] as unknown[]).length).toBe(20);
    expect(JSON.parse(page.text)).toEqual(page.structured);
    const next = await c.call('pedidos_listar', { cursor: page.structured['proximoCursor'] });
    expect(next.structured).toMatchObject({ temMais: false, proximoCursor: null });
  });

  it('gives money as its wire string and dates as ISO text', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const got = await (await serve({ client: clientOf(fake) })).call('produtos_obter', { sku: 'SKU-0001' });
    const produto = got.structured['result'] as Record<string, unknown>;
    expect(produto['precoAtacado']).toMatch(/^\d+\.\d{2}$/);
    expect(produto['atualizadoEm']).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(got.structured['requestId']).toEqual(expect.any(String));
  });

  it('returns the Idempotency-Key of a write, and a replay with it gets the same order back', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const c = await serve({ client: clientOf(fake), allowWrites: true });
    const body = { referenciaExterna: 'mcp-1', itens: [sellable(fake)] };
    const first = await c.call('pedidos_criar', { body });
    expect(first.isError).toBe(false);
    const key = first.structured['idempotencyKey'] as string;
    expect(fake.requests.at(-1)?.headers['idempotency-key']).toBe(key);
    const replay = await c.call('pedidos_criar', { body, idempotencyKey: key });
    expect(replay.structured).toMatchObject({ idempotencyKey: key, idempotentReplayed: true });
    expect((replay.structured['result'] as { id: string }).id).toBe((first.structured['result'] as { id: string }).id);
  });

  it("runs the client's hooks and retries on every tool call, and none for input it refuses", async () => {
    const fake = createFakeApi({ rateLimit: false });
    fake.inject('GET /v1/produtos/:sku', [{ status: 503 }]);
    const seen: string[] = [];
    const client = new PartnerCommerce({
      token: TOKEN,
      baseUrl: BASE,
      fetch: fake.fetch,
      rateLimit: false,
      maxRetries: 1,
      retryDelayMs: 1,
      hooks: { beforeAttempt: (c) => void seen.push(`${c.operation.name}#${c.attempt}`) },
    });
    const c = await serve({ client });
    expect((await c.call('produtos_obter', { sku: 'SKU-0001' })).isError).toBe(false);
    expect((await c.call('pedidos_listar', { limite: 0 })).isError).toBe(true);
    expect(seen).toEqual(['produtos.obter#1', 'produtos.obter#2']);
  });

  it('spends the budget at the interactive priority by default, and at the one given', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const limiter = new RateLimiter({ perMinute: 600 });
    const acquire = vi.spyOn(limiter, 'acquire');
    const client = new PartnerCommerce({ token: TOKEN, baseUrl: BASE, fetch: fake.fetch, rateLimit: limiter, maxRetries: 0 });
    await (await serve({ client })).call('produtos_obter', { sku: 'SKU-0001' });
    await (await serve({ client, priority: 'bulk' })).call('produtos_obter', { sku: 'SKU-0001' });
    expect(acquire.mock.calls.map(([o]) => (o as { priority?: string }).priority)).toEqual(['interactive', 'bulk']);
  });
});
