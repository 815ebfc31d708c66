import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import type { Conta } from '../../src/index.js';
import { NOVO } from './fixtures.js';
import { mockApi, testCases } from './harness.js';

const api = mockApi();
beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.reset());
afterAll(() => api.server.close());

describe('client.conta', () => {
  testCases(api, [
    {
      nome: 'conta.obter',
      call: (c) => c.conta.obter(),
      method: 'GET',
      path: '/v1/conta',
      result: (v) => {
        const conta = v as Conta;
        expect(conta.fichaCompleta).toBe(true);
        expect(conta['campoNovo']).toEqual(NOVO.campoNovo);
      },
    },
    {
      nome: 'conta.eu',
      call: (c) => c.conta.eu(),
      method: 'GET',
      path: '/v1/eu',
      result: (v) => {
        expect((v as Conta.Eu)['integracao']).toEqual({ id: 'int_1', nome: 'ERP' });
        expect((v as Conta.Eu)['campoNovo']).toEqual(NOVO.campoNovo);
      },
    },
  ]);
});
