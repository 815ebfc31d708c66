import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLogs } from '../helpers/client.js';
import { BASE_URL, PRODUTO, SANDBOX_TOKEN, json, scriptedFetch } from '../helpers/scripted-fetch.js';

afterEach(() => {
  vi.doUnmock('@opentelemetry/api');
  vi.doUnmock('../../src/telemetry/call-tracing.js');
  vi.resetModules();
});

/** Two calls of a client with telemetry on (the SDK imported afresh, after the test's mocks): what was sent and the warnings. */
async function twoCallsWithTelemetry() {
  const { PartnerCommerce } = await import('../../src/index.js');
  const logs = captureLogs();
  const { fetch, seen } = scriptedFetch(() => json(200, PRODUTO));
  const client = new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: false, logger: logs.logger, telemetry: { propagateContext: true } });
  expect((await client.produtos.obter('SKU-1')).sku).toBe('SKU-1');
  expect((await client.produtos.obter('SKU-1')).sku).toBe('SKU-1');
  expect(seen).toHaveLength(2);
  return { seen, warnings: logs.lines.filter((l) => l.level === 'warn') };
}

describe('telemetry without @opentelemetry/api installed', () => {
  it('the client loads and calls run untraced; one warning says what to install', async () => {
    vi.resetModules();
    vi.doMock('@opentelemetry/api', () => {
      throw new Error("Cannot find package '@opentelemetry/api'");
    });
    const tracingLoaded = vi.fn();
    vi.doMock('../../src/telemetry/call-tracing.js', () => {
      tracingLoaded();
      return {};
    });
    const { seen, warnings } = await twoCallsWithTelemetry();
    expect(seen[0]!.headers.get('traceparent')).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('npm install @opentelemetry/api');
    // Nor is the SDK's own tracing code loaded: without the API it has nothing to do.
    expect(tracingLoaded).not.toHaveBeenCalled();
  });

  it('the SDK’s tracing code, loaded with import() on the first call, failing to load leaves calls untraced, with one warning', async () => {
    vi.resetModules();
    vi.doMock('../../src/telemetry/call-tracing.js', () => {
      throw new Error('chunk missing');
    });
    const { warnings } = await twoCallsWithTelemetry();
    expect(warnings.map((w) => w.message)).toEqual([expect.stringContaining("the SDK's tracing code could not be loaded")]);
  });

  it('with telemetry off, neither the API nor the SDK’s tracing code is loaded', async () => {
    vi.resetModules();
    const loaded = vi.fn();
    vi.doMock('@opentelemetry/api', () => {
      loaded();
      return {};
    });
    const tracingLoaded = vi.fn();
    vi.doMock('../../src/telemetry/call-tracing.js', () => {
      tracingLoaded();
      return {};
    });
    const { PartnerCommerce } = await import('../../src/index.js');
    const { fetch } = scriptedFetch(() => json(200, PRODUTO));
    const client = new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: false, hooks: { afterResponse: () => {} } });
    await client.produtos.obter('SKU-1');
    expect(loaded).not.toHaveBeenCalled();
    expect(tracingLoaded).not.toHaveBeenCalled();
  });
});
