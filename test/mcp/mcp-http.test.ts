import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type LocalSandbox } from '../../src/cli/index.js';
import { runInProcess, type LiveInProcess } from '../cli/cli-in-process.js';
import { mcpHttpInProcess, outcome } from './mcp-helpers.js';

// `partner-commerce mcp --http`: Streamable HTTP on 127.0.0.1 only, for the MCP SDK's HTTP client;
// other Host names (DNS rebinding) and other pages' Origins refused; another listen host refused.
// The command runs in this process (cli-in-process.ts): its point is what it serves, not the process;
// mcp-stdio.test.ts keeps the bin's own process.
const TOKEN = 'svc_sbx_mcp_http_0123456789';
let sandbox: LocalSandbox;
let mcp: LiveInProcess;
let url: URL;

beforeAll(async () => {
  sandbox = await startSandbox({ catalogSize: 5, rateLimit: false, journalDir: mkdtempSync(join(tmpdir(), 'pc-mcp-http-journal-')) });
  ({ url, live: mcp } = await mcpHttpInProcess([], { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: sandbox.url }));
}, 60_000);
afterAll(async () => {
  // Stopped as Ctrl-C stops it: exit 0, and (startInProcess checks) no listening server left behind.
  if (mcp) expect(await mcp.stop()).toBe(0);
  await sandbox?.close();
});

/** A raw POST with the headers a browser or a rebound DNS name would send. */
function rawPost(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  });
}

describe('partner-commerce mcp --http', () => {
  it("serves the MCP SDK's Streamable HTTP client: lists the default tools and runs an operation through execute", async () => {
    const client = new Client({ name: 'http-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search', 'describe', 'execute']);
      const sku = sandbox.fake.catalog.products()[0]!.sku;
      const got = outcome(await client.callTool({ name: 'execute', arguments: { operation: 'produtos.obter', input: { sku }, fields: ['sku', 'ativo'] } }));
      expect(got.structured).toEqual({ result: { sku, ativo: expect.any(Boolean) }, source: 'api', requestId: expect.any(String) });
    } finally {
      await client.close();
    }
  });

  it("refuses another Host name (DNS rebinding) with 421 and another page's Origin with 403", async () => {
    expect(await rawPost({ host: `evil.example:${url.port}` })).toBe(421);
    expect(await rawPost({ origin: 'https://evil.example' })).toBe(403);
  });

  it("accepts a loopback page's Origin, on the default port too, and still refuses a foreign one", async () => {
    for (const origin of ['http://localhost', 'http://127.0.0.1', 'http://[::1]', 'http://localhost:5173', 'https://LOCALHOST']) expect(await rawPost({ origin }), origin).toBe(200);
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example', 'null']) expect(await rawPost({ origin }), origin).toBe(403);
  });

  it('refuses to listen on any host but loopback', async () => {
    const run = await runInProcess(['mcp', '--http', '0.0.0.0:3000'], { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: sandbox.url });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('127.0.0.1 only');
  });
});
