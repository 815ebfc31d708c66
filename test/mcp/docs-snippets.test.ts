import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { PartnerCommerce } from '../../src/index.js';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { connected } from './mcp-helpers.js';

// docs/mcp.md's snippets, run as written: the projection example through execute, the code-mode
// script through execute_script, and the example conversation's calls, against the kit's fake.
const DOC = readFileSync('docs/mcp.md', 'utf8');
const section = (title: string): string => {
  const start = DOC.indexOf(title);
  expect(start, title).toBeGreaterThanOrEqual(0);
  return DOC.slice(start, DOC.indexOf('\n## ', start + title.length));
};
const blocks = (text: string, lang: string) => [...text.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1] as string);

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function server(options: { allowScripts?: boolean; mirror?: boolean } = {}) {
  const fake = createFakeApi({ rateLimit: false, catalogSize: 60 });
  const client = new PartnerCommerce({ token: 'svc_sbx_docs_snippets_0123', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, maxRetries: 0 });
  const mirror = options.mirror ? createMirror({ client, store: createMemoryStore() }) : undefined;
  if (mirror) {
    closers.push(() => mirror.close());
    await mirror.backfill();
  }
  const c = await connected({ client, mirror, ...(options.allowScripts ? { allowScripts: true, scriptLimits: { timeoutMs: 120_000 } } : {}) });
  closers.push(c.close);
  return { c, fake };
}

describe('docs/mcp.md', () => {
  it("projection example: one call, every value the catalog's, under 1,000 tokens", async () => {
    const [json] = blocks(section('### Projecting answers'), 'json');
    const { c, fake } = await server();
    const got = await c.call('execute', JSON.parse(json!) as Record<string, unknown>);
    expect(got.isError).toBe(false);
    const dados = got.structured['dados'] as { sku: string; numeracoes: { estoque: number }[] }[];
    expect(dados).toHaveLength(50);
    expect(dados[0]).toEqual({
      sku: dados[0]!.sku,
      numeracoes: fake.catalog
        .products()
        .find((p) => p.sku === dados[0]!.sku)!
        .numeracoes.filter((s) => s.numeracao === '38')
        .map((s) => ({ estoque: s.estoque })),
    });
    expect(Buffer.byteLength(got.raw) / 4).toBeLessThan(1000 * 2); // two copies: structuredContent and text
  });

  it("code mode's script runs as written and returns the skus it says", async () => {
    const [code] = blocks(section('## Code mode'), 'js');
    const { c, fake } = await server({ allowScripts: true });
    const got = await c.call('execute_script', { code: code! });
    expect(got.isError, got.text).toBe(false);
    const low = fake.catalog
      .products()
      .slice(0, 60)
      .filter((p) => p.numeracoes.some((n) => n.numeracao === '38' && n.estoque < 3))
      .map((p) => p.sku);
    expect(got.structured['result']).toEqual(low);
  });

  it("example conversation's calls are answered by the default tools, the stock from the mirror", async () => {
    const [jsonc] = blocks(section('## An example conversation'), 'jsonc');
    const calls = jsonc!
      .split('\n')
      .filter((line) => line.startsWith('{ "name"'))
      .map((line) => JSON.parse(line.slice(0, line.lastIndexOf('}') + 1)) as { name: string; arguments: Record<string, unknown> });
    expect(calls.map((call) => call.name)).toEqual(['search', 'execute', 'execute', 'execute']);
    const { c, fake } = await server({ mirror: true });
    const before = fake.requests.length;
    const found = await c.call(calls[0]!.name, calls[0]!.arguments);
    expect((found.structured['results'] as { id: string }[])[0]!.id).toBe('produtos.estoque');
    const stock = await c.call(calls[1]!.name, calls[1]!.arguments);
    expect(stock.structured).toMatchObject({ source: 'mirror', result: { sku: 'SKU-0040' } });
    expect(fake.requests.length).toBe(before);
    const orders = await c.call(calls[2]!.name, calls[2]!.arguments);
    expect(orders.isError).toBe(false);
  });
});
