import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { hostConfigPath, NPX_ARGS } from '../../src/cli/mcp/host-config.js';
import { buildCli } from './cli-process.js';

// `partner-commerce mcp install`: the configuration a host needs, printed without any token, written
// with a sandbox token only, merged into what the host's file holds; and the written entry starts the
// server as the host would (the bin npx runs, with the entry's arguments and env).
const SANDBOX = 'svc_sbx_install_0123456789abcdef';
const PRODUCTION = 'svc_prod_install_0123456789abcdef';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function install(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  // `stopped`: a command run in process adds no signal listeners to the test's process.
  const code = await runCli(['mcp', 'install', ...args], { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, env, stopped: new Promise(() => {}) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const home = () => mkdtempSync(join(tmpdir(), 'pc-install-home-'));
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, { args: string[]; env: Record<string, string>; type?: string }>>;

describe('partner-commerce mcp install', () => {
  it('prints a configuration that carries no token, whatever token it was given', async () => {
    for (const token of [SANDBOX, PRODUCTION]) {
      for (const client of ['claude', 'cursor', 'vscode']) {
        const run = await install(['--client', client], { HOME: home(), PARTNER_COMMERCE_TOKEN: token, PARTNER_COMMERCE_BASE_URL: 'https://sandbox.example.test' });
        expect(run.code, run.err).toBe(0);
        expect(run.out + run.err).not.toContain(token.slice('svc_sbx_'.length));
        const config = JSON.parse(run.out) as Record<string, unknown>;
        expect(Object.keys(config)).toContain(client === 'vscode' ? 'servers' : 'mcpServers');
      }
    }
  });

  it('writes a sandbox token into the file, private to the user, and merges with the servers already there', async () => {
    const dir = home();
    const path = hostConfigPath('claude', { HOME: dir }, dir);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, JSON.stringify({ mcpServers: { other: { command: 'other' } }, theme: 'dark' }));
    const run = await install(['--client', 'claude', '--write'], { HOME: dir, PARTNER_COMMERCE_TOKEN: SANDBOX, PARTNER_COMMERCE_BASE_URL: 'https://sandbox.example.test' });
    expect(run.code, run.err).toBe(0);
    expect(run.out).not.toContain(SANDBOX);
    const written = readJson(path);
    expect(written['theme']).toBe('dark');
    expect(written['mcpServers']!['other']).toEqual({ command: 'other' });
    expect(written['mcpServers']!['partner-commerce']).toEqual({
      command: 'npx',
      args: [...NPX_ARGS],
      env: { PARTNER_COMMERCE_TOKEN: SANDBOX, PARTNER_COMMERCE_BASE_URL: 'https://sandbox.example.test' },
    });
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o077).toBe(0);
  });

  it('never writes a production token: VS Code asks for it, the other hosts get none', async () => {
    const dir = home();
    const vscode = join(dir, 'project', '.vscode', 'mcp.json');
    expect((await install(['--client', 'vscode', '--write', '--config', vscode], { HOME: dir, PARTNER_COMMERCE_TOKEN: PRODUCTION })).code).toBe(0);
    const asked = readJson(vscode);
    expect(readFileSync(vscode, 'utf8')).not.toContain(PRODUCTION);
    expect(asked['servers']!['partner-commerce']!.env['PARTNER_COMMERCE_TOKEN']).toBe('${input:partner-commerce-token}');
    expect(asked['inputs']).toEqual([{ type: 'promptString', id: 'partner-commerce-token', description: 'Partner Commerce token', password: true }]);
    // Written twice: one input, one entry.
    await install(['--client', 'vscode', '--write', '--config', vscode], { HOME: dir, PARTNER_COMMERCE_TOKEN: PRODUCTION });
    expect(readJson(vscode)['inputs']).toHaveLength(1);

    const cursor = await install(['--client', 'cursor', '--write'], { HOME: dir, PARTNER_COMMERCE_TOKEN: PRODUCTION });
    expect(cursor.out).toContain('not written');
    const entry = readJson(join(dir, '.cursor', 'mcp.json'))['mcpServers']!['partner-commerce']!;
    expect(entry.env).toEqual({});
  });

  it("adds install's own --mirror-dir (made absolute) and --allow-writes to the server's arguments, not mcp's", async () => {
    const dir = home();
    const run = await install(['--client', 'cursor', '--mirror-dir', dir, '--allow-writes', '--json'], { HOME: dir });
    const { config } = JSON.parse(run.out) as { config: { mcpServers: Record<string, { args: string[] }> } };
    expect(config.mcpServers['partner-commerce']!.args).toEqual([...NPX_ARGS, '--mirror-dir', dir, '--allow-writes']);
    expect((await install(['--client', 'cursor', '--mirror-dir', join(dir, 'absent')], { HOME: dir })).code).toBe(2);
  });

  it('refuses to change a file it cannot read as JSON, and an unknown host, changing nothing', async () => {
    const dir = home();
    const path = join(dir, 'mcp.json');
    writeFileSync(path, '{ // a comment\n "servers": {} }');
    const run = await install(['--client', 'vscode', '--write', '--config', path], { HOME: dir, PARTNER_COMMERCE_TOKEN: SANDBOX });
    expect(run.code).toBe(1);
    expect(run.err).toContain('nothing was changed');
    expect(readFileSync(path, 'utf8')).toBe('{ // a comment\n "servers": {} }');
    expect((await install(['--client', 'emacs'], { HOME: dir })).code).toBe(2);
  });

  it('writes an entry that starts the server as the host would, which lists its tools', async () => {
    const dir = home();
    const path = join(dir, 'claude.json');
    expect((await install(['--client', 'claude', '--write', '--config', path], { HOME: dir, PARTNER_COMMERCE_TOKEN: SANDBOX, PARTNER_COMMERCE_BASE_URL: 'https://sandbox.example.test' })).code).toBe(
      0,
    );
    const entry = readJson(path)['mcpServers']!['partner-commerce']!;
    // What npx hands the package's bin: the arguments after `partner-commerce`, with the entry's env only.
    const args = entry.args.slice(entry.args.lastIndexOf('partner-commerce') + 1);
    const { XDG_CONFIG_HOME: _inherited, ...base } = getDefaultEnvironment();
    const client = new Client({ name: 'install-host', version: '0.0.0' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [await buildCli(), ...args], env: { ...base, HOME: dir, ...entry.env }, cwd: dir, stderr: 'pipe' });
    closers.push(() => client.close());
    await client.connect(transport);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search', 'describe', 'execute']);
  }, 60_000);
});
