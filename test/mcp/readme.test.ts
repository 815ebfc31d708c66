import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { PartnerCommerce } from '../../src/index.js';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { buildCli } from '../cli/cli-process.js';
import { connected } from './mcp-helpers.js';

// The README's MCP section is what partners copy: its host configuration must start the command it
// names with flags the command has, and its example conversation must be calls this server answers,
// the stock one from the mirror at zero API calls. A renamed tool or flag fails here, not in a partner's
// chat.
const README = readFileSync('README.md', 'utf8');
const start = README.indexOf('## AI assistants: the MCP server');
const section = README.slice(start, README.indexOf('\n## ', start + 1));
const blocks = (lang: string) => [...section.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1] as string);

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function mcpHelp(): Promise<string> {
  const lines: string[] = [];
  const code = await runCli(['mcp', '--help'], { io: { out: (l) => lines.push(l), err: (l) => lines.push(l) } });
  expect(code).toBe(0);
  return lines.join('\n');
}

interface HostServer {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** The host configuration's server entry, as the README writes it. */
function hostServer(): HostServer {
  const [json] = blocks('json');
  return (JSON.parse(json as string) as { mcpServers: Record<string, HostServer> }).mcpServers['partner-commerce']!;
}

/** What npx hands the package's bin: the arguments after the command name that follows the `-p` packages. */
function cliArgs(args: string[]): string[] {
  return args.slice(args.indexOf('partner-commerce', args.lastIndexOf('-p') + 2) + 1);
}

describe("README's MCP section", () => {
  it('has a host configuration that runs `mcp` with the MCP SDK beside the package, with flags the command has', async () => {
    expect(section.length).toBeGreaterThan(500);
    const server = hostServer();
    expect(server.command).toBe('npx');
    const args = server.args;
    expect(cliArgs(args)[0]).toBe('mcp');
    expect(args).toEqual(expect.arrayContaining(['-p', 'partner-commerce', '@modelcontextprotocol/sdk']));
    expect(Object.keys(server.env).sort()).toEqual(['PARTNER_COMMERCE_BASE_URL', 'PARTNER_COMMERCE_TOKEN']);
    const help = await mcpHelp();
    for (const flag of args.filter((a) => a.startsWith('--'))) expect(help).toContain(`${flag} `);
  });

  it('has a host configuration that starts as written on an empty machine (fresh HOME, no mirror) and lists its tools', async () => {
    const server = hostServer();
    // The bin npx would run, with exactly the configuration's arguments and env, in an empty HOME and
    // folder: nothing of this machine (no profile, no mirror) may be what makes it start.
    const home = mkdtempSync(join(tmpdir(), 'pc-readme-home-'));
    const { XDG_CONFIG_HOME: _inherited, ...base } = getDefaultEnvironment();
    const client = new Client({ name: 'readme-host', version: '0.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [await buildCli(), ...cliArgs(server.args)],
      env: { ...base, HOME: home, ...server.env },
      cwd: home,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    closers.push(() => client.close());
    await client.connect(transport).catch((err: unknown) => {
      throw new Error(`the README's configuration did not start: ${String(err)}; stderr: ${stderr}`);
    });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(['search', 'describe', 'execute']);
  }, 60_000);

  it('is matched by docs/mcp.md, whose host configurations pass no --mirror-dir either (a folder without a mirror stops mcp)', () => {
    const docs = readFileSync('docs/mcp.md', 'utf8');
    const configs = [...docs.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1] as string).filter((text) => text.includes('"args"'));
    expect(configs.length).toBeGreaterThanOrEqual(2);
    for (const text of configs) expect(text).not.toContain('--mirror-dir');
    expect(configs.some((text) => text.includes(JSON.stringify(hostServer().args).replaceAll(',', ', ')))).toBe(true);
  });

  it('has an example conversation whose tool calls this server answers, the stock from the mirror at 0 API calls', async () => {
    const [jsonc] = blocks('jsonc');
    const calls = (jsonc as string)
      .split('\n')
      .filter((line) => line.startsWith('{ "name"'))
      .map((line) => JSON.parse(line.slice(0, line.lastIndexOf('}') + 1)) as { name: string; arguments: Record<string, unknown> });
    expect(calls.map((c) => c.name)).toEqual(['search', 'execute', 'execute', 'execute']);

    const fake = createFakeApi({ rateLimit: false, catalogSize: 40 });
    const client = new PartnerCommerce({ token: 'svc_sbx_readme_0123456789', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, maxRetries: 0 });
    // More orders than one page of the tool's default 20, so the example's "next page" call has a cursor to follow.
    const product = fake.catalog.products().find((p) => p.ativo && p.numeracoes.some((s) => s.estoque >= 25));
    const size = product!.numeracoes.find((s) => s.estoque >= 25)!;
    for (let i = 0; i < 21; i++) await client.pedidos.criar({ enviarPara: 'CLIENTE', itens: [{ sku: product!.sku, numeracao: size.numeracao, quantidade: 1 }] });
    const mirror = createMirror({ client, store: createMemoryStore() });
    closers.push(() => mirror.close());
    await mirror.backfill();
    // The server as the README's configuration starts it: the default tools.
    const mcp = await connected({ client, mirror });
    closers.push(mcp.close);

    const offered = (await mcp.client.listTools()).tools.map((t) => t.name);
    for (const { name } of calls) expect(offered).toContain(name);

    const before = fake.requests.length;
    const found = await mcp.call(calls[0]!.name, calls[0]!.arguments);
    expect((found.structured['results'] as { id: string }[])[0]).toMatchObject({ kind: 'operation', id: 'produtos.estoque', offered: true });
    const stock = await mcp.call(calls[1]!.name, calls[1]!.arguments);
    expect(stock.isError).toBe(false);
    expect(stock.structured['source']).toBe('mirror');
    const expected = fake.catalog
      .products()
      .find((p) => p.sku === 'SKU-0040')!
      .numeracoes.filter((s) => s.numeracao === '38');
    expect(stock.structured['result']).toEqual({ sku: 'SKU-0040', numeracoes: expected.map((s) => ({ estoque: s.estoque })) });
    expect(fake.requests.length).toBe(before);

    const first = await mcp.call(calls[2]!.name, calls[2]!.arguments);
    expect(first.isError).toBe(false);
    const orders = first.structured['dados'] as Record<string, unknown>[];
    expect(orders).toHaveLength(20);
    for (const order of orders) expect(Object.keys(order).sort()).toEqual(['id', 'status', 'total']);
    const cursor = first.structured['proximoCursor'];
    expect(typeof cursor).toBe('string');
    // The README shows the cursor elided ("eyJ…"): the example's call with the page's real one.
    const args = calls[3]!.arguments as { input: Record<string, unknown> };
    const next = await mcp.call(calls[3]!.name, { ...args, input: { ...args.input, cursor } });
    expect(next.isError).toBe(false);
    expect(next.structured['dados']).toHaveLength(1);
  });
});
