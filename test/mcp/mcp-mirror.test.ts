import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type LocalSandbox } from '../../src/cli/index.js';
import { PartnerCommerce } from '../../src/index.js';
import { createMemoryStore, createMirror, createPgliteStore, createSqliteStore } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { runInProcess } from '../cli/cli-in-process.js';
import { pgliteFolder } from '../mirror/pglite-template.js';
import { sqliteUnavailable } from '../mirror/sqlite-available.js';
import { connected, mcpHttpInProcess, outcome } from './mcp-helpers.js';

// Catalog answers from the mirror at zero API calls, counted on the server: `mcp --mirror-dir` over an
// embedded store this test backfilled (from the run's PGlite template), run in this process over
// Streamable HTTP (cli-in-process.ts; what it reads is the point, not its process or transport), and
// createMcpServer with a memory store for the paging of mirror_catalog.
const TOKEN = 'svc_sbx_mcp_mirror_0123456789';
let sandbox: LocalSandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ catalogSize: 30, rateLimit: false, journalDir: mkdtempSync(join(tmpdir(), 'pc-mcp-mirror-journal-')) });
  dir = pgliteFolder(join(mkdtempSync(join(tmpdir(), 'pc-mcp-mirror-')), 'espelho'));
  const mirror = createMirror({ client: new PartnerCommerce({ token: TOKEN, baseUrl: sandbox.url, rateLimit: false }), store: createPgliteStore({ dataDir: dir }) });
  await mirror.backfill();
  await mirror.close();
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
});

/**
 * An MCP client connected to `mcp --mirror-dir <folder>` on the sandbox; its close stops the command,
 * which must exit 0 and leave nothing behind (startInProcess checks).
 */
async function mcpOnMirrorDir(folder: string): Promise<{ close: () => Promise<void>; callTool: Client['callTool'] }> {
  const { url, live } = await mcpHttpInProcess(['--tools', 'all', '--mirror-dir', folder], { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: sandbox.url });
  const client = new Client({ name: 'mirror-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  return {
    callTool: (...args) => client.callTool(...args),
    close: async () => {
      await client.close();
      expect(await live.stop()).toBe(0);
    },
  };
}

describe('partner-commerce mcp --mirror-dir', () => {
  it('answers produtos_estoque and produtos_obter from the mirror with zero API calls, saying how fresh', async () => {
    const client = await mcpOnMirrorDir(dir);
    try {
      const produto = sandbox.fake.catalog.products()[3]!;
      const before = sandbox.fake.requests.length;
      const estoque = outcome(await client.callTool({ name: 'produtos_estoque', arguments: { sku: produto.sku } }));
      const obter = outcome(await client.callTool({ name: 'produtos_obter', arguments: { sku: produto.sku } }));
      const status = outcome(await client.callTool({ name: 'mirror_status', arguments: {} }));
      expect(sandbox.fake.requests.length - before).toBe(0);
      expect(estoque.isError).toBe(false);
      expect(estoque.structured).toMatchObject({ source: 'mirror', result: { sku: produto.sku, numeracoes: produto.numeracoes } });
      expect((estoque.structured['mirror'] as { watermark: string }).watermark).toMatch(/^\d{4}-/);
      expect(obter.structured).toMatchObject({ source: 'mirror', result: { sku: produto.sku, precoAtacado: produto.precoAtacado } });
      expect(status.structured).toMatchObject({ source: 'mirror', result: { counts: expect.any(Object) } });
    } finally {
      await client.close();
    }
  });
});

describe('partner-commerce mcp --mirror-dir on SQLite', () => {
  // A folder `partner-commerce mirror --dir` filled on Node 22.13+ holds mirror.sqlite: mcp reads that
  // engine, not a new, empty PGlite database beside it.
  it.skipIf(sqliteUnavailable())('answers from a folder holding mirror.sqlite at zero API calls', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'pc-mcp-sqlite-')), 'espelho');
    const filled = createMirror({ client: new PartnerCommerce({ token: TOKEN, baseUrl: sandbox.url, rateLimit: false }), store: createSqliteStore({ path: join(folder, 'mirror.sqlite') }) });
    await filled.backfill();
    await filled.close();
    const client = await mcpOnMirrorDir(folder);
    try {
      const produto = sandbox.fake.catalog.products()[5]!;
      const before = sandbox.fake.requests.length;
      const obter = outcome(await client.callTool({ name: 'produtos_obter', arguments: { sku: produto.sku } }));
      const status = outcome(await client.callTool({ name: 'mirror_status', arguments: {} }));
      expect(sandbox.fake.requests.length - before).toBe(0);
      expect(obter.structured).toMatchObject({ source: 'mirror', result: { sku: produto.sku, precoAtacado: produto.precoAtacado } });
      expect(status.structured).toMatchObject({ source: 'mirror', result: { store: 'sqlite', counts: { products: 30 } } });
    } finally {
      await client.close();
    }
    expect(existsSync(join(folder, 'PG_VERSION'))).toBe(false);
  });
});

describe('partner-commerce mcp mirror flags', () => {
  it('refuses a --mirror-dir that holds no mirror rather than open an empty one, and both mirror flags at once', async () => {
    const env = { PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: sandbox.url };
    const absent = join(mkdtempSync(join(tmpdir(), 'pc-mcp-none-')), 'nada');
    const none = await runInProcess(['mcp', '--mirror-dir', absent], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('holds no mirror');
    expect(none.stdout).toBe('');
    const both = await runInProcess(['mcp', '--mirror-dir', dir, '--mirror-postgres', 'postgres://x@127.0.0.1/db'], env);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
  });
});

describe('createMcpServer with a mirror', () => {
  it('pages mirror_catalog by its cursor, every product once, at zero API calls; an unknown sku is not found', async () => {
    const fake = createFakeApi({ rateLimit: false, catalogSize: 7 });
    const api = new PartnerCommerce({ token: TOKEN, baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false });
    const mirror = createMirror({ client: api, store: createMemoryStore() });
    await mirror.backfill();
    const before = fake.requests.length;
    const c = await connected({ client: api, mirror, tools: 'all' });
    try {
      const seen: string[] = [];
      let cursor: unknown;
      let pages = 0;
      do {
        const page = await c.call('mirror_catalog', { limite: 3, ...(cursor ? { cursor } : {}) });
        seen.push(...(page.structured['dados'] as { sku: string }[]).map((p) => p.sku));
        cursor = page.structured['proximoCursor'];
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen.sort()).toEqual(
        fake.catalog
          .products()
          .map((p) => p.sku)
          .sort(),
      );
      const missing = await c.call('produtos_obter', { sku: 'SKU-9999' });
      expect(missing.structured).toMatchObject({ codigo: 'NAO_ENCONTRADO', source: 'mirror' });
      expect(fake.requests.length).toBe(before);
    } finally {
      await c.close();
      await mirror.close();
    }
  });
});
