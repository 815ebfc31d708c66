import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { Money, type Page, type Financeiro } from '../../src/index.js';
import { NOVO } from './fixtures.js';
import { mockApi, testCases } from './harness.js';

const api = mockApi();
beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.reset());
afterAll(() => api.server.close());

describe('client.financeiro', () => {
  testCases(api, [
    {
      nome: 'financeiro.saldo',
      call: (c) => c.financeiro.saldo(),
      method: 'GET',
      path: '/v1/financeiro/saldo',
      result: (v) => expect(v as Financeiro.Saldo).toEqual({ disponivel: '10.00', ...NOVO }),
    },
    {
      nome: 'financeiro.extrato',
      call: (c) => c.financeiro.extrato({ limite: 50, cursor: 'abc' }),
      method: 'GET',
      path: '/v1/financeiro/extrato',
      query: { limite: '50', cursor: 'abc' },
      result: (v) => {
        const lancamento = (v as Page<Financeiro.Lancamento>).dados[0]!;
        expect(lancamento.valor).toBeInstanceOf(Money);
        expect(lancamento.valor.toString()).toBe('-12.50');
        expect(lancamento.pedido).toEqual({ id: 'ped_1', numero: 1001 });
        expect(lancamento['campoNovo']).toEqual(NOVO.campoNovo);
      },
    },
  ]);
});
