import { describe, expect, it } from 'vitest';
import { InvalidInputError, Money, UnexpectedResponseError } from '../../src/index.js';
import { captureLogs, testClient } from '../helpers/client.js';
import { json, scriptedFetch } from '../helpers/scripted-fetch.js';

const pedido = { id: 'ped_1', numero: 1, status: 'PAGO', total: '10.00', criadoEm: '2026-11-20T10:00:00-03:00', atualizadoEm: '2026-11-20T10:00:00-03:00' };
const torto = { ...pedido, numero: 'um', total: 10, novo: true };

describe('a 2xx answer that does not fit is never a silent loss', () => {
  it('strict (default): the error says the server accepted the call, names each field and carries requestId, key and the body', async () => {
    const { fetch } = scriptedFetch(() => json(201, torto, { 'x-request-id': 'req_abc' }));
    const e = (await testClient(fetch)
      .pedidos.criar({ itens: [{ sku: 'S', numeracao: '38', quantidade: 1 }] }, { idempotencyKey: 'chave-9' })
      .catch((x: unknown) => x)) as UnexpectedResponseError;
    expect(e).toBeInstanceOf(UnexpectedResponseError);
    expect(e.message).toContain('was accepted (201)');
    expect(e.issues.map((i) => i.path)).toEqual(['numero', 'total']);
    expect(e.requestId).toBe('req_abc');
    expect(e.idempotencyKey).toBe('chave-9');
    // The body as parsed JSON: the partner can read the order by its id and carry on.
    expect(e.body).toEqual(torto);
  });

  it('lenient: returns the body, fitting fields parsed and the others as sent, listed in meta, one warning per route and field', async () => {
    const logs = captureLogs();
    const { fetch } = scriptedFetch(() => json(200, torto));
    const client = testClient(fetch, { responseValidation: 'lenient', logger: logs.logger, logLevel: 'warn' });
    const { data, meta } = await client.pedidos.obter('ped_1').withMeta();
    expect(data.id).toBe('ped_1');
    expect(data.status).toBe('PAGO');
    expect(data.numero as unknown).toBe('um');
    expect(data.total as unknown).toBe(10);
    expect(data['novo']).toBe(true);
    expect(meta.responseIssues.map((i) => i.path)).toEqual(['numero', 'total']);
    await client.pedidos.obter('ped_1');
    expect(logs.lines.filter((l) => l.level === 'warn')).toHaveLength(2);
  });

  it('lenient parses everything that fits (money stays Money) when the odd field is not essential, and has no issues when all fits', async () => {
    const { fetch } = scriptedFetch(
      () => json(200, { ...pedido, referenciaExterna: 5 }),
      () => json(200, pedido),
    );
    const client = testClient(fetch, { responseValidation: 'lenient' });
    const first = await client.pedidos.obter('ped_1');
    expect(first.total).toBeInstanceOf(Money);
    expect(first.referenciaExterna as unknown).toBe(5);
    const { meta } = await client.pedidos.obter('ped_1').withMeta();
    expect(meta.responseIssues).toEqual([]);
  });

  it('per call overrides the client, and a bad value is refused before sending, naming the option', async () => {
    const { fetch, seen } = scriptedFetch(() => json(200, torto));
    const client = testClient(fetch);
    expect((await client.pedidos.obter('ped_1', { responseValidation: 'lenient' })).numero as unknown).toBe('um');
    await expect(client.pedidos.obter('ped_1', { responseValidation: 'loose' as never })).rejects.toBeInstanceOf(InvalidInputError);
    expect(() => testClient(fetch, { responseValidation: 'off' as never })).toThrow(/responseValidation/);
    expect(seen).toHaveLength(1);
  });
});
