import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Money, type Page, type Etiquetas } from '../../src/index.js';
import { ETIQUETA, NOVO, errorAnswer, jsonAnswer } from './fixtures.js';
import { mockApi, testCases } from './harness.js';

const api = mockApi();
beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.reset());
afterAll(() => api.server.close());

function isEtiqueta(v: unknown): void {
  const etiqueta = v as Etiquetas.Etiqueta;
  expect(etiqueta.id).toBe('etq_1');
  expect(etiqueta.valor).toBeInstanceOf(Money);
  expect(etiqueta.valor.toString()).toBe('23.45');
  expect(etiqueta['campoNovo']).toEqual(NOVO.campoNovo);
}

const emissao = { pedidoId: 'ped_1', servicoId: 3 };

describe('client.etiquetas', () => {
  testCases(api, [
    {
      nome: 'etiquetas.conexao',
      call: (c) => c.etiquetas.conexao(),
      method: 'GET',
      path: '/v1/label-provider',
      result: (v) => expect(v as Etiquetas.ConexaoEtiquetas).toEqual({ conectado: true, ...NOVO }),
    },
    {
      nome: 'etiquetas.cotar',
      call: (c) => c.etiquetas.cotar({ pedidoId: 'ped_1' }),
      method: 'POST',
      path: '/v1/etiquetas/cotacoes',
      body: { pedidoId: 'ped_1' },
      result: (v) => expect((v as Etiquetas.CotacaoEtiqueta)['campoNovo']).toEqual(NOVO.campoNovo),
    },
    { nome: 'etiquetas.emitir', call: (c) => c.etiquetas.emitir(emissao), method: 'POST', path: '/v1/etiquetas', body: emissao, result: isEtiqueta },
    {
      nome: 'etiquetas.listar',
      call: (c) => c.etiquetas.listar({ limite: 1 }),
      method: 'GET',
      path: '/v1/etiquetas',
      query: { limite: '1' },
      result: (v) => isEtiqueta((v as Page<Etiquetas.Etiqueta>).dados[0]),
    },
    {
      nome: 'etiquetas.cancelar',
      call: (c) => c.etiquetas.cancelar('etq_1'),
      method: 'POST',
      path: '/v1/etiquetas/etq_1/cancelar',
      result: (v) => {
        isEtiqueta(v);
        expect((v as Etiquetas.Etiqueta).canceladaEm).toBe(ETIQUETA.atualizadoEm);
      },
    },
  ]);
});

describe('etiquetas.emitir and Idempotency-Key', () => {
  it('sends a fresh random key when the caller gives none', async () => {
    await api.client().etiquetas.emitir(emissao);
    expect(api.seen[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends the caller's key, and the same key on the retry after a 500", async () => {
    api.answer((_, n) => (n === 1 ? errorAnswer(500, 'ERRO_INTERNO') : jsonAnswer(201, ETIQUETA)));
    await api.client().etiquetas.emitir(emissao, { idempotencyKey: 'etq-ped_1' });
    expect(api.seen.map((r) => r.headers.get('idempotency-key'))).toEqual(['etq-ped_1', 'etq-ped_1']);
  });

  it('refuses a key with spaces before sending', async () => {
    await expect(api.client().etiquetas.emitir(emissao, { idempotencyKey: 'com espaco' })).rejects.toMatchObject({ name: 'InvalidInputError', issues: [{ path: 'idempotencyKey' }] });
    expect(api.seen).toHaveLength(0);
  });

  it('cotar and cancelar send no Idempotency-Key', async () => {
    const client = api.client();
    await client.etiquetas.cotar({});
    await client.etiquetas.cancelar('etq_1');
    expect(api.seen.map((r) => r.headers.get('idempotency-key'))).toEqual([null, null]);
  });
});
