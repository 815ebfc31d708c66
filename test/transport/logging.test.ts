import { describe, expect, it } from 'vitest';
import { captureLogs, testClient } from '../helpers/client.js';
import { PRODUTO, SANDBOX_TOKEN, apiError, json, scriptedFetch } from '../helpers/scripted-fetch.js';

describe('logging', () => {
  it('at debug writes one line per attempt with method, path, status, attempt, ms and requestId', async () => {
    const logs = captureLogs();
    const { fetch } = scriptedFetch(
      () => apiError(503, 'SERVICO_INDISPONIVEL', {}, { 'x-request-id': 'req_a' }),
      () => json(200, PRODUTO, { 'x-request-id': 'req_b' }),
    );
    await testClient(fetch, { logger: logs.logger, logLevel: 'debug' }).produtos.obter('SKU-1');
    const attempts = logs.lines.filter((l) => l.level === 'debug');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.message).toMatch(/GET \/v1\/produtos\/SKU-1 503 attempt=1 \d+ms requestId=req_a/);
    expect(attempts[1]!.message).toMatch(/GET \/v1\/produtos\/SKU-1 200 attempt=2 \d+ms requestId=req_b/);
  });

  it("logs nothing below the level, and nothing at all with 'off'", async () => {
    const logs = captureLogs();
    const { fetch } = scriptedFetch(() => json(200, PRODUTO, { deprecation: 'true' }));
    await testClient(fetch, { logger: logs.logger, logLevel: 'error' }).produtos.obter('SKU-1');
    await testClient(fetch, { logger: logs.logger, logLevel: 'off' }).produtos.obter('SKU-1');
    expect(logs.lines).toEqual([]);
  });

  it('warns once per route on Deprecation or Sunset headers', async () => {
    const logs = captureLogs();
    const { fetch } = scriptedFetch(() => json(200, PRODUTO, { deprecation: '@1767225600', sunset: 'Wed, 01 Dec 2027 00:00:00 GMT' }));
    const client = testClient(fetch, { logger: logs.logger, logLevel: 'warn' });
    await client.produtos.obter('SKU-1');
    await client.produtos.obter('SKU-2');
    await client.produtos.estoque('SKU-1');
    const warnings = logs.lines.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]!.message).toContain('/v1/produtos/{sku}');
    expect(warnings[0]!.message).toContain('Wed, 01 Dec 2027');
    expect(warnings[1]!.message).toContain('/v1/produtos/{sku}/estoque');
  });

  it('warns once per client on Aviso-Termos-Api', async () => {
    const logs = captureLogs();
    const { fetch } = scriptedFetch(() => json(200, PRODUTO, { 'aviso-termos-api': '2026-11-28' }));
    const client = testClient(fetch, { logger: logs.logger, logLevel: 'warn' });
    await client.produtos.obter('SKU-1');
    await client.produtos.estoque('SKU-1');
    const warnings = logs.lines.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('TERMOS_API_PENDENTES');
    await testClient(fetch, { logger: logs.logger, logLevel: 'warn' }).produtos.obter('SKU-1');
    expect(logs.lines.filter((l) => l.level === 'warn')).toHaveLength(2);
  });

  it('never writes the token in any line, even when the server echoes it', async () => {
    const logs = captureLogs();
    const { fetch } = scriptedFetch(
      () => apiError(500, 'ERRO_INTERNO', { mensagem: `falha com ${SANDBOX_TOKEN}` }, { 'x-request-id': SANDBOX_TOKEN }),
      () => json(200, PRODUTO, { deprecation: 'true', 'aviso-termos-api': SANDBOX_TOKEN }),
    );
    await testClient(fetch, { logger: logs.logger, logLevel: 'debug' }).produtos.obter(SANDBOX_TOKEN);
    expect(logs.lines.length).toBeGreaterThanOrEqual(4);
    for (const line of logs.lines) expect(line.message).not.toContain(SANDBOX_TOKEN.slice(8));
  });
});
