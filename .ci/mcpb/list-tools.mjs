// Starts a built bundle's server as an MCP host does (the manifest's command and args, ${__dirname}
// and the user's config filled in) and checks it lists the default tools: node list-tools.mjs <bundle dir>.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
const config = { token: 'svc_sbx_bundle_check_0123456789', base_url: 'https://sandbox.example.test' };
const fill = (text) => text.replaceAll('${__dirname}', dir).replace(/\$\{user_config\.(\w+)\}/g, (_, key) => config[key]);
const { command, args, env } = manifest.server.mcp_config;
const sdk = (path) => import(pathToFileURL(join(dir, 'server/node_modules/@modelcontextprotocol/sdk/dist/esm', path)).href);
const { Client } = await sdk('client/index.js');
const { StdioClientTransport, getDefaultEnvironment } = await sdk('client/stdio.js');
const client = new Client({ name: 'bundle-check', version: '0.0.0' });
const filledEnv = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, fill(v)]));
await client.connect(
  new StdioClientTransport({ command: command === 'node' ? process.execPath : command, args: args.map(fill), env: { ...getDefaultEnvironment(), ...filledEnv }, stderr: 'inherit' }),
);
const names = (await client.listTools()).tools.map((t) => t.name);
await client.close();
if (names.join(',') !== 'search,describe,execute') {
  console.error(`the bundle's server lists ${names.join(', ')}, not search, describe, execute`);
  process.exit(1);
}
console.log(`mcpb: the bundle's server lists ${names.join(', ')}`);
