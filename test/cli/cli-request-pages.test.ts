import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeApi, type FakeApi, type FakeServer } from '../../src/testing/index.js';
import { runInProcess } from './cli-in-process.js';

// `request --paginate` walks the spec's cursor pagination to its end (JSON lines), and `-i` shows the
// status and headers of each answer, as `gh api` and `curl -i` do. Against the testing kit's fake.
const TOKEN = 'svc_sbx_request_pages_secret_5520';
const CATALOG = 25;
let fake: FakeApi;
let server: FakeServer;

beforeAll(async () => {
  fake = createFakeApi({ rateLimit: false, catalogSize: CATALOG });
  server = await fake.listen();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const env = () => ({ PARTNER_COMMERCE_TOKEN: TOKEN, PARTNER_COMMERCE_BASE_URL: server.url });
const produtosAsked = () => fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/produtos'));
const skus = Array.from({ length: CATALOG }, (_, i) => `SKU-${String(i + 1).padStart(4, '0')}`);

describe('request --paginate and -i', () => {
  it('--paginate prints every item of every page as one JSON line, asking each page with the previous cursor', async () => {
    const run = await runInProcess(['request', 'GET', '/v1/produtos', '--query', 'limite=10', '--paginate'], env());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    const items = lines.map((l) => JSON.parse(l) as { sku: string });
    expect(items.map((p) => p.sku).sort()).toEqual(skus);
    const asked = produtosAsked().map((r) => new URL(r.path, 'http://x').searchParams);
    expect(asked.length).toBe(3);
    expect(asked.map((q) => q.get('limite'))).toEqual(['10', '10', '10']);
    expect(asked[0]!.get('cursor')).toBeNull();
    expect(asked[1]!.get('cursor')).toBeTruthy();
    expect(asked[2]!.get('cursor')).toBeTruthy();
    expect(asked[2]!.get('cursor')).not.toBe(asked[1]!.get('cursor'));
  }, 60_000);

  it('-i shows the status line and headers before the answer; with --json a headers object; with --paginate one block per page', async () => {
    const [text, json, pages, missing] = await Promise.all([
      runInProcess(['request', 'GET', '/v1/conta', '-i'], env()),
      runInProcess(['request', 'GET', '/v1/conta', '--include', '--json'], env()),
      runInProcess(['request', 'GET', '/v1/produtos', '--query', 'limite=10', '--paginate', '-i'], env()),
      runInProcess(['request', 'GET', '/v1/produtos/NAO-EXISTE', '-i'], env()),
    ]);
    for (const run of [text, json, pages]) expect(run.code, run.stderr).toBe(0);

    const [head, body] = text.stdout.split('\n\n');
    const headLines = head!.split('\n');
    expect(headLines[0]).toBe('HTTP 200');
    expect(headLines.some((l) => /^content-type: application\/json\b/.test(l))).toBe(true);
    expect(headLines.some((l) => /^x-request-id: \S+$/.test(l))).toBe(true);
    expect((JSON.parse(body!) as { status: number; data: object }).status).toBe(200);

    const document = JSON.parse(json.stdout) as { status: number; headers: Record<string, string> };
    expect(document.status).toBe(200);
    expect(document.headers['content-type']).toMatch(/^application\/json\b/);
    expect(document.headers['x-request-id']).toBeTruthy();

    const pageLines = pages.stdout.trimEnd().split('\n');
    expect(pageLines.filter((l) => l === 'HTTP 200').length).toBe(3);
    const itemLines = pageLines.filter((l) => l.startsWith('{'));
    expect(itemLines.map((l) => (JSON.parse(l) as { sku: string }).sku).sort()).toEqual(skus);
    // An error answer shows its head too; the error itself goes to standard error.
    expect(missing.code).toBe(1);
    expect(missing.stdout.split('\n')[0]).toBe('HTTP 404');
    expect(missing.stdout).toMatch(/^x-request-id: \S+$/m);
    expect(missing.stderr).toContain('error: 404');
    for (const out of [text.stdout, json.stdout, pages.stdout, missing.stdout]) expect(out).not.toContain('request_pages_secret');
  }, 60_000);

  it('--paginate refuses a method other than GET before any request (exit 2), and an answer that is not a page (exit 1)', async () => {
    const before = fake.requests.length;
    const [post, notAList] = await Promise.all([
      runInProcess(['request', 'POST', '/v1/pedidos', '--body', '{}', '--paginate'], env()),
      runInProcess(['request', 'GET', '/v1/conta', '--paginate'], env()),
    ]);
    expect(post.code).toBe(2);
    expect(post.stderr).toContain('--paginate');
    expect(fake.requests.slice(before).filter((r) => r.method === 'POST').length).toBe(0);
    expect(notAList.code).toBe(1);
    expect(notAList.stderr).toContain('--paginate: page 1 of GET /v1/conta is not a list page (no dados array)');
  }, 60_000);
});
