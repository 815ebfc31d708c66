import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redactQueryValues } from '../../src/telemetry/url-full.js';
import { testClient } from '../helpers/client.js';
import { json, scriptedFetch } from '../helpers/scripted-fetch.js';
import { inMemoryOtel } from './otel-setup.js';

const CPF = '123.456.789-09';
const EMAIL = 'ana.souza@example.com';
const HMAC_ATTR = 'partner_commerce.idempotency_key.hmac_sha256';

describe('telemetry carries no personal data', () => {
  it('url.full redacts every query value by default, keeping the keys (a CPF and an e-mail as list filters)', async () => {
    const otel = inMemoryOtel();
    const { fetch, seen } = scriptedFetch(() => json(200, { dados: [], proximoCursor: null }));
    const client = testClient(fetch, { telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider } });
    await client.request('GET', '/v1/clientes', { query: { cpf: CPF, email: EMAIL, limite: 10 } });
    // The request itself still carries the filters: only the span is redacted.
    expect(new URL(seen[0]!.url).searchParams.get('cpf')).toBe(CPF);
    const attempt = otel.spans().find((s) => s.attributes['url.full'] !== undefined)!;
    expect(attempt.attributes['url.full']).toBe('https://api.example.test/v1/clientes?cpf=REDACTED&email=REDACTED&limite=REDACTED');
    const everything = JSON.stringify(otel.spans().map((s) => [s.name, s.attributes, s.events]));
    expect(everything).not.toContain('789');
    expect(everything).not.toContain('ana.souza');
    await otel.shutdown();
  });

  it('recordQueryValues: true keeps the query values in url.full', async () => {
    const otel = inMemoryOtel();
    const { fetch } = scriptedFetch(() => json(200, { dados: [], proximoCursor: null }));
    const client = testClient(fetch, { telemetry: { tracerProvider: otel.tracerProvider, recordQueryValues: true } });
    await client.request('GET', '/v1/clientes', { query: { email: EMAIL } });
    const attempt = otel.spans().find((s) => s.attributes['url.full'] !== undefined)!;
    expect(new URL(attempt.attributes['url.full'] as string).searchParams.get('email')).toBe(EMAIL);
    await otel.shutdown();
  });

  it('redacts values in a query written into a raw path, leaves a URL without query as it is, drops a fragment', () => {
    expect(redactQueryValues('https://h/v1/clientes?email=a%40b.com&flag&vazio=')).toBe('https://h/v1/clientes?email=REDACTED&flag&vazio=REDACTED');
    expect(redactQueryValues('https://h/v1/produtos/SKU-1')).toBe('https://h/v1/produtos/SKU-1');
    expect(redactQueryValues('https://h/v1/x?a=1#cpf=2')).toBe('https://h/v1/x?a=REDACTED');
  });

  it('the Idempotency-Key is a keyed hash: not its plain SHA-256, the same within the process, another for another key', async () => {
    const otel = inMemoryOtel();
    const { fetch } = scriptedFetch(() => json(201, { id: 'ped_1' }));
    const telemetry = { tracerProvider: otel.tracerProvider };
    // Shaped as the docs advise: a plain SHA-256 of it can be reversed by hashing every order id.
    const key = 'loja-pedido-48213';
    await testClient(fetch, { telemetry }).request('POST', '/v1/pedidos', { body: {}, idempotencyKey: key });
    await testClient(fetch, { telemetry }).request('POST', '/v1/pedidos', { body: {}, idempotencyKey: key });
    await testClient(fetch, { telemetry }).request('POST', '/v1/pedidos', { body: {}, idempotencyKey: 'loja-pedido-48214' });
    const values = otel.spans().map((s) => s.attributes[HMAC_ATTR]);
    expect(values).toHaveLength(6);
    const [first, , , , other] = values;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toBe(createHash('sha256').update(key).digest('hex'));
    expect(values.slice(0, 4).every((v) => v === first)).toBe(true);
    expect(other).not.toBe(first);
    expect(values.slice(4).every((v) => v === other)).toBe(true);
    expect(otel.spans().some((s) => 'partner_commerce.idempotency_key.sha256' in s.attributes)).toBe(false);
    await otel.shutdown();
  });
});
