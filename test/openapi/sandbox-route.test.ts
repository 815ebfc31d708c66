import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type LocalSandbox } from '../../src/cli/sandbox/start-sandbox.js';
import { openApiDocument } from '../../src/openapi/index.js';

// The local sandbox serves the package's document, so a team on another language can generate a
// client or run a mock server against the same description the SDK is built from.
let sandbox: LocalSandbox;

beforeAll(async () => {
  // A limit of one call a minute: the document's route must not spend it.
  sandbox = await startSandbox({ catalogSize: 1, journalDir: mkdtempSync(join(tmpdir(), 'pc-openapi-route-')), rateLimit: { perMinute: 1, windowMs: 60_000 } });
});
afterAll(() => sandbox?.close());

describe('GET /openapi.json on the local sandbox', () => {
  it("answers the package's document with its own URL as the first server, as JSON, without a token, outside the rate limit", async () => {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${sandbox.url}/openapi.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual(openApiDocument({ serverUrl: sandbox.url }));
    }
    const api = await fetch(`${sandbox.url}/v1/eu`, { headers: { authorization: 'Bearer svc_sbx_openapi_route' } });
    expect(api.status).toBe(200);
  });

  it('leaves every other route to the fake API (a POST to the path is not the document)', async () => {
    const response = await fetch(`${sandbox.url}/openapi.json`, { method: 'POST', headers: { authorization: 'Bearer svc_sbx_openapi_route' } });
    const body = (await response.json()) as { erro?: { codigo?: unknown }; openapi?: unknown };
    expect([response.status >= 400, typeof body.erro?.codigo, body.openapi]).toEqual([true, 'string', undefined]);
  });
});

describe('the served document names the sandbox that serves it', () => {
  it("first among the servers and first among each simulator's servers, the .invalid placeholders after it", async () => {
    const served = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as { servers: { url: string }[]; paths: Record<string, Record<string, { servers?: { url: string }[] }>> };
    expect(served.servers.map((s) => s.url)).toEqual([sandbox.url, '{base_url}', '{sandbox_base_url}']);
    const simulator = served.paths['/v1/sandbox/conta/resetar']?.['post'];
    expect(simulator?.servers?.map((s) => s.url)).toEqual([sandbox.url, '{sandbox_base_url}']);
  });
});
