import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLogs } from '../helpers/client.js';
import { BASE_URL, PRODUTO, SANDBOX_TOKEN, json, scriptedFetch } from '../helpers/scripted-fetch.js';

afterEach(() => {
  vi.doUnmock('@opentelemetry/api');
  vi.resetModules();
});

describe('telemetry without @opentelemetry/api installed', () => {
  it('the client loads and calls run untraced; one warning says what to install', async () => {
    vi.resetModules();
    vi.doMock('@opentelemetry/api', () => {
      throw new Error("Cannot find package '@opentelemetry/api'");
    });
    const { PartnerCommerce } = await import('../../src/index.js');
    const logs = captureLogs();
    const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
    const client = new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: false, logger: logs.logger, telemetry: { propagateContext: true } });
    expect((await client.produtos.obter('SKU-1')).sku).toBe('SKU-1');
    expect((await client.produtos.obter('SKU-1')).sku).toBe('SKU-1');
    expect(seen).toHaveLength(2);
    expect(seen[0]!.headers.get('traceparent')).toBeNull();
    const warnings = logs.lines.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('npm install @opentelemetry/api');
  });

  it('with telemetry off, the API is never loaded', async () => {
    vi.resetModules();
    const loaded = vi.fn();
    vi.doMock('@opentelemetry/api', () => {
      loaded();
      return {};
    });
    const { PartnerCommerce } = await import('../../src/index.js');
    const { fetch } = scriptedFetch(() => json(200, PRODUTO));
    const client = new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: false, hooks: { afterResponse: () => {} } });
    await client.produtos.obter('SKU-1');
    expect(loaded).not.toHaveBeenCalled();
  });
});
