import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type LocalSandbox } from '../../src/cli/index.js';
import { buildCli } from '../cli/cli-process.js';
import { mcpHttpInProcess, outcome } from './mcp-helpers.js';

// `partner-commerce mcp` as a real subprocess (the bundled bin) driven by the MCP SDK's own Client over
// stdio, against the local sandbox in this process (so the test reads every request it received).
const SANDBOX_TOKEN = 'svc_sbx_mcp_stdio_0123456789';
let bin: string;
let sandbox: LocalSandbox;
const stops: (() => Promise<void>)[] = [];
// The read-only server the first tests share (a start of the bin is most of a test's time).
let readOnly: Client;

beforeAll(async () => {
  bin = await buildCli();
  sandbox = await startSandbox({ catalogSize: 30, rateLimit: false, journalDir: mkdtempSync(join(tmpdir(), 'pc-mcp-journal-')) });
}, 60_000);
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});
afterAll(async () => {
  await readOnly?.close();
  await sandbox?.close();
});

/** The environment of the child: no inherited token or profile, the sandbox as the API. */
function childEnv(): Record<string, string> {
  return { ...getDefaultEnvironment(), XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'pc-mcp-cfg-')), PARTNER_COMMERCE_TOKEN: SANDBOX_TOKEN, PARTNER_COMMERCE_BASE_URL: sandbox.url };
}

async function startMcp(): Promise<Client> {
  const client = new Client({ name: 'stdio-test', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--tools', 'all'], env: childEnv(), stderr: 'pipe' }));
  return client;
}

async function mcpBin(): Promise<Client> {
  return (readOnly ??= await startMcp());
}

/** `mcp --tools all <args>` in this process, an MCP client connected to it; stopped after the test. */
async function mcpInProcess(args: string[], token = SANDBOX_TOKEN): Promise<Client> {
  const { url, live } = await mcpHttpInProcess(['--tools', 'all', ...args], { PARTNER_COMMERCE_TOKEN: token, PARTNER_COMMERCE_BASE_URL: sandbox.url });
  const client = new Client({ name: 'in-process-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  stops.push(async () => {
    await client.close();
    expect(await live.stop()).toBe(0);
  });
  return client;
}

const toolNames = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);
const posts = () => sandbox.fake.requests.filter((r) => r.method !== 'GET').length;

describe("partner-commerce mcp over stdio (the bin, the MCP SDK's client)", () => {
  it('lists the read tools and no write tool, and answers reads with structured content', async () => {
    const client = await mcpBin();
    const names = await toolNames(client);
    expect(names).toEqual(expect.arrayContaining(['pedidos_listar', 'produtos_obter']));
    expect(names).not.toContain('pedidos_criar');
    const page = outcome(await client.callTool({ name: 'pedidos_listar', arguments: {} }));
    expect(page.isError).toBe(false);
    expect(page.structured).toMatchObject({ dados: expect.any(Array), temMais: expect.any(Boolean), source: 'api' });
    const sku = sandbox.fake.catalog.products()[0]!.sku;
    const produto = outcome(await client.callTool({ name: 'produtos_obter', arguments: { sku } }));
    expect(produto.structured).toMatchObject({ result: { sku }, source: 'api' });
  });

  it('answers every read tool that needs no argument (balance, account, the lists...) without an error', async () => {
    const client = await mcpBin();
    const { tools } = await client.listTools();
    const free = tools.filter((t) => t.annotations?.readOnlyHint === true && (t.inputSchema.required ?? []).length === 0);
    expect(free.map((t) => t.name)).toContain('pedidos_listar');
    for (const tool of free) {
      const got = outcome(await client.callTool({ name: tool.name, arguments: {} }));
      expect({ tool: tool.name, error: got.isError ? got.structured : undefined }).toEqual({ tool: tool.name, error: undefined });
    }
  });

  it('refuses a write tool without --allow-writes, sending nothing', async () => {
    const client = await mcpBin();
    const before = posts();
    const refused = outcome(await client.callTool({ name: 'pedidos_criar', arguments: { body: { referenciaExterna: 'no' } } }));
    expect(refused.isError).toBe(true);
    expect(refused.structured).toMatchObject({ codigo: 'TOOL_NOT_ALLOWED' });
    expect(refused.structured['mensagem']).toContain('--allow-writes');
    expect(posts()).toBe(before);
  });

  it('writes only protocol messages on standard output, and exits 0 when the host closes standard input', async () => {
    const child = spawn(process.execPath, [bin, 'mcp'], { env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((done) => child.on('close', done));
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/list' });
    // Both answers in: the list's id is the last one sent.
    await new Promise<void>((done) => child.stdout.on('data', () => stdout.includes('"id":2') && done()));
    child.stdin.end();
    expect(await exited).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { jsonrpc: string; id: number }).id)).toEqual([1, 2]);
    expect(stderr).toContain('serving over stdio, read-only');
  });
});

// The write flags' rules, the same whatever the transport: the command runs in this process, over
// Streamable HTTP (cli-in-process.ts), instead of starting the bin once more for each.
describe('partner-commerce mcp --allow-writes (in process)', () => {
  it('with --allow-writes against the sandbox, pedidos_criar creates the order and returns the Idempotency-Key it sent', async () => {
    const client = await mcpInProcess(['--allow-writes']);
    const item = sandbox.fake.catalog.products().flatMap((p) => (p.ativo ? p.numeracoes.filter((n) => n.estoque > 0).map((n) => ({ sku: p.sku, numeracao: n.numeracao, quantidade: 1 })) : []))[0];
    const got = outcome(await client.callTool({ name: 'pedidos_criar', arguments: { body: { referenciaExterna: 'mcp-stdio-1', itens: [item] } } }));
    expect(got.isError).toBe(false);
    const sent = sandbox.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/pedidos').at(-1);
    expect(got.structured['idempotencyKey']).toBe(sent?.headers['idempotency-key']);
    expect(got.structured).toMatchObject({ result: { referenciaExterna: 'mcp-stdio-1' } });
  });

  it('with a production token, --allow-writes alone offers no write tool', async () => {
    const names = await toolNames(await mcpInProcess(['--allow-writes'], 'svc_prod_mcp_stdio_0123456789'));
    expect(names).toContain('pedidos_listar');
    expect(names).not.toContain('pedidos_criar');
  });
});
