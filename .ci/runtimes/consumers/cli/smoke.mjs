// The packed tarball's `partner-commerce` bin on this runtime: starts `sandbox --json`, then runs
// `GET /openapi.json` (the packed openapi.json), `request GET /v1/conta --json`, `trigger financeiro.lancamento_criado --json`, a product trigger
// through the sandbox's catalog (`--count 20 --shuffle --dup 10%`) and `mirror --once` against it
// (into a temp folder: on Node 22.13+ the default embedded store is SQLite, built in, and the folder must
// hold mirror.sqlite; on older Node, Bun and Deno it is PGlite when @electric-sql/pglite is installed, else it must fail saying to install it),
// and `mcp` over stdio (initialize, tools/list, a read through execute and a write refused; when @modelcontextprotocol/sdk is
// installed, else it must exit 1 saying to install it), and stops the sandbox with SIGINT. Prints one
// `ok` line, or `FAIL` and the cause.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const label = process.argv[2] ?? 'cli';
const require = createRequire(import.meta.url);
const pkg = require.resolve('partner-commerce/package.json');
const bin = join(dirname(pkg), require(pkg).bin['partner-commerce']);
const runtime = process.execPath;
const journal = mkdtempSync(join(tmpdir(), 'pc-cli-smoke-'));

function exec(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(runtime, [bin, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

async function run(args, env) {
  const { code, out, err } = await exec(args, env);
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}: ${err}`);
  return out;
}

function installed(name) {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * `mcp` over stdio as an MCP host drives it, in plain JSON-RPC lines (no client library, so it runs
 * the same on every runtime): the handshake, the tool list, one read tool call against the sandbox.
 */
async function mcpSmoke(env) {
  const child = spawn(runtime, [bin, 'mcp'], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c) => (err += c));
  const closed = new Promise((resolve) => child.on('close', resolve));
  // The SDK's own root export names a file it does not ship: probe the module mcp loads.
  if (!installed('@modelcontextprotocol/sdk/server/index.js')) {
    child.stdin.end();
    const code = await closed;
    if (code !== 1 || !err.includes('@modelcontextprotocol/sdk')) throw new Error(`mcp without @modelcontextprotocol/sdk should exit 1 saying so; exited ${code}: ${err}`);
    return;
  }
  const answers = new Map();
  let waiting;
  let buffer = '';
  child.stdout.on('data', (c) => {
    buffer += c;
    let end;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      if (message.id !== undefined) answers.set(message.id, message);
      waiting?.();
    }
  });
  const ask = async (id, method, params) => {
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    const deadline = Date.now() + 30_000;
    while (!answers.has(id)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`mcp: no answer to ${method}: ${err}`);
      await new Promise((resolve) => {
        waiting = resolve;
        setTimeout(resolve, 200).unref();
      });
    }
    const answer = answers.get(id);
    if (answer.error) throw new Error(`mcp ${method}: ${JSON.stringify(answer.error)}`);
    return answer.result;
  };
  await ask(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'smoke', version: '0' } });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  const names = (await ask(2, 'tools/list', {})).tools.map((t) => t.name);
  if (names.join(',') !== 'search,describe,execute') throw new Error(`mcp tools/list (the default tools: search, describe, execute): ${names.join(', ')}`);
  const saldo = await ask(3, 'tools/call', { name: 'execute', arguments: { operation: 'financeiro.saldo' } });
  if (saldo.isError || saldo.structuredContent?.source !== 'api' || saldo.structuredContent?.result === undefined) throw new Error(`mcp execute financeiro.saldo: ${JSON.stringify(saldo)}`);
  const refused = await ask(4, 'tools/call', { name: 'execute', arguments: { operation: 'pedidos.criar', input: { body: {} } } });
  if (refused.structuredContent?.codigo !== 'TOOL_NOT_ALLOWED') throw new Error(`mcp execute pedidos.criar without --allow-writes: ${JSON.stringify(refused)}`);
  child.stdin.end();
  const code = await closed;
  if (code !== 0) throw new Error(`mcp exited ${code} when its input closed: ${err}`);
}

const sandbox = spawn(runtime, [bin, 'sandbox', '--json', '--journal-dir', journal, '--rate-limit', 'off'], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  const { url, controlSecret } = await new Promise((resolve, reject) => {
    let buffer = '';
    sandbox.stdout.on('data', (c) => {
      buffer += c;
      const line = buffer.split('\n').find((l) => l.includes('"listening"'));
      if (line) resolve(JSON.parse(line));
    });
    sandbox.on('close', (code) => reject(new Error(`sandbox exited ${code}`)));
    setTimeout(() => reject(new Error('sandbox did not start in 30 s')), 30_000).unref();
  });
  // Product triggers go through the sandbox's control route, which needs its control secret.
  const env = { PARTNER_COMMERCE_TOKEN: 'svc_sbx_cli_smoke', PARTNER_COMMERCE_BASE_URL: url, PARTNER_COMMERCE_SANDBOX_CONTROL_SECRET: controlSecret };
  // The sandbox serves the document the package ships (partner-commerce/openapi.json), no token needed,
  // with its own URL as the first server (the document and each simulator's servers); the rest is the same.
  const shipped = JSON.parse(readFileSync(require.resolve('partner-commerce/openapi.json'), 'utf8'));
  const served = await fetch(`${url}/openapi.json`);
  const document = await served.json();
  const withoutServers = (value) =>
    Array.isArray(value)
      ? value.map(withoutServers)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([k]) => k !== 'servers')
              .map(([k, v]) => [k, withoutServers(v)]),
          )
        : value;
  if (shipped.openapi !== '3.1.0' || document.servers?.[0]?.url !== new URL(url).origin || JSON.stringify(withoutServers(document)) !== JSON.stringify(withoutServers(shipped))) {
    throw new Error(`GET /openapi.json (${served.status}) is not partner-commerce/openapi.json with ${url} as its first server`);
  }
  const conta = JSON.parse(await run(['request', 'GET', '/v1/conta', '--json'], env));
  if (conta.status !== 200 || typeof conta.data?.fichaCompleta !== 'boolean') throw new Error(`request: ${JSON.stringify(conta)}`);
  const lanc = JSON.parse(await run(['trigger', 'financeiro.lancamento_criado', '--valor', '10.00', '--json'], env));
  if (lanc.evento !== 'financeiro.lancamento_criado') throw new Error(`trigger: ${JSON.stringify(lanc)}`);
  const precos = JSON.parse(await run(['trigger', 'produto.preco_atualizado', '--count', '20', '--shuffle', '--dup', '10%', '--json'], env)).result;
  if (precos.changes !== 20 || precos.notices !== 20 + precos.duplicates) throw new Error(`trigger produto.preco_atualizado: ${JSON.stringify(precos)}`);
  const mirror = await exec(['mirror', '--once', '--json', '--dir', join(journal, 'espelho')], env);
  const [major, minor] = process.versions.node.split('.').map(Number);
  // Bun and Deno report a recent Node but keep PGlite (their own node:sqlite never ran the store's tests).
  const otherRuntime = process.versions.bun !== undefined || process.versions.deno !== undefined;
  const sqliteDefault = !otherRuntime && (major > 22 || (major === 22 && minor >= 13));
  if (sqliteDefault && !existsSync(join(journal, 'espelho', 'mirror.sqlite'))) throw new Error(`mirror on Node ${process.version} should fill mirror.sqlite; exited ${mirror.code}: ${mirror.err}`);
  if (sqliteDefault || installed('@electric-sql/pglite')) {
    const kinds = mirror.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).type);
    if (mirror.code !== 0 || !kinds.includes('backfill') || kinds.at(-1) !== 'follow') throw new Error(`mirror exited ${mirror.code}: ${mirror.out} ${mirror.err}`);
  } else if (mirror.code !== 1 || !mirror.err.includes('@electric-sql/pglite')) {
    throw new Error(`mirror without @electric-sql/pglite should exit 1 saying so; exited ${mirror.code}: ${mirror.err}`);
  }
  await mcpSmoke(env);
  const stopped = new Promise((resolve) => sandbox.on('close', resolve));
  sandbox.kill('SIGINT');
  const code = await stopped;
  if (code !== 0) throw new Error(`sandbox exited ${code} after SIGINT`);
  console.log(`ok   ${label}`);
} catch (err) {
  sandbox.kill('SIGKILL');
  console.log(`FAIL ${label}: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
