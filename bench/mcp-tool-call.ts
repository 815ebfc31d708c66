/**
 * What an MCP tool call costs next to the SDK call it makes, and what a catalog question costs in API
 * calls with and without a mirror.
 *
 * 1. `produtos_obter` through the MCP SDK's own Client and InMemoryTransport to `createMcpServer`
 *    (JSON-RPC both ways, the input check, the JSON-safe result and its redaction), against
 *    `client.produtos.obter()` alone, both to the loopback server of bench/produtos-obter.ts in a
 *    separate process; the two sides take turns call by call. Median per call.
 * 2. A stock question over N products ("how much of each size is in stock?"): `produtos_estoque`
 *    for each sku, through MCP, with and without a mirror (memory store, backfilled first), the API
 *    calls counted on the testing kit's fake (every request it received).
 *
 * Run: npx tsx bench/mcp-tool-call.ts   (results: bench/README.md, "MCP tool call")
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { PartnerCommerce } from '../src/index.js';
import { createMcpServer, type McpServerOptions } from '../src/mcp/index.js';
import { createMemoryStore, createMirror } from '../src/mirror/index.js';
import { createFakeApi } from '../src/testing/index.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SKUS = Number(process.env.BENCH_SKUS ?? 50);
const TOKEN = 'svc_sbx_bench_mcp_000000000000';

async function mcpClient(options: McpServerOptions): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'bench', version: '0' });
  // The per-operation tools, so the figures compare with the earlier rows of bench/README.md.
  await createMcpServer({ tools: 'all', ...options }).connect(b);
  await client.connect(a);
  return client;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const us = (ms: number) => `${Math.round(ms * 1000)} µs`;

async function perCall(): Promise<void> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./loopback-server.mjs', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  const baseUrl = `http://127.0.0.1:${Number(chunk.toString().trim())}`;
  const client = new PartnerCommerce({ token: TOKEN, baseUrl, rateLimit: { perMinute: 1_000_000 }, logLevel: 'off' });
  const mcp = await mcpClient({ client });
  const sides = {
    sdk: () => client.produtos.obter('SKU-1'),
    'mcp tool': () => mcp.callTool({ name: 'produtos_obter', arguments: { sku: 'SKU-1' } }),
  };
  console.log(`produtos_obter, sequential, median of ${CALLS} calls per side (server in its own process)`);
  console.log('| round | sdk | mcp tool | tool - sdk |\n|---|---|---|---|');
  for (let round = 0; round <= ROUNDS; round++) {
    const times: Record<string, number[]> = { sdk: [], 'mcp tool': [] };
    for (let i = 0; i < CALLS; i++) {
      for (const [name, call] of Object.entries(sides)) {
        const t = performance.now();
        const result = await call();
        times[name]!.push(performance.now() - t);
        if ((result as { isError?: boolean }).isError) throw new Error(JSON.stringify(result));
      }
    }
    // Round 0 warms up the JIT and the connection pool; not reported.
    if (round === 0) continue;
    const [s, m] = [median(times['sdk']!), median(times['mcp tool']!)];
    console.log(`| ${round} | ${us(s)} | ${us(m)} (${(m / s).toFixed(2)}x) | +${us(m - s)} |`);
  }
  await mcp.close();
  child.stdin.end();
}

async function stockQuestion(): Promise<void> {
  const fake = createFakeApi({ rateLimit: false, catalogSize: SKUS });
  const api = new PartnerCommerce({ token: TOKEN, baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false });
  const skus = fake.catalog.products().map((p) => p.sku);
  const mirror = createMirror({ client: api, store: createMemoryStore() });
  let before = fake.requests.length;
  await mirror.backfill();
  const backfillCalls = fake.requests.length - before;
  console.log(`\nStock of every size of ${skus.length} products (produtos_estoque per sku, through MCP)`);
  console.log('| server | API calls | time |\n|---|---|---|');
  for (const [label, options] of [
    ['without a mirror', { client: api }],
    ['with a mirror', { client: api, mirror }],
  ] as const) {
    const mcp = await mcpClient(options);
    const name = 'produtos_estoque';
    before = fake.requests.length;
    const t = performance.now();
    for (const sku of skus) {
      const result = await mcp.callTool({ name, arguments: { sku } });
      if (result.isError) throw new Error(JSON.stringify(result));
    }
    console.log(`| ${label} (${name}) | ${fake.requests.length - before} | ${Math.round(performance.now() - t)} ms |`);
    await mcp.close();
  }
  console.log(`(the mirror's backfill itself took ${backfillCalls} API calls, once)`);
  await mirror.close();
}

await perCall();
await stockQuestion();
