import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import type { Page, Categorias, Numeracoes } from '../../src/index.js';
import { NOVO } from './fixtures.js';
import { mockApi, testCases } from './harness.js';

const api = mockApi();
beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.reset());
afterAll(() => api.server.close());

describe('client.categorias and client.numeracoes', () => {
  testCases(api, [
    {
      nome: 'categorias.listar',
      call: (c) => c.categorias.listar({ limite: 20, cursor: 'c1' }),
      method: 'GET',
      path: '/v1/categorias',
      query: { limite: '20', cursor: 'c1' },
      result: (v) => {
        const page = v as Page<Categorias.Categoria>;
        expect(page.dados[0]).toMatchObject({ id: 'cat_1', nome: 'Tênis', campoNovo: NOVO.campoNovo });
        expect(page.temMais).toBe(false);
      },
    },
    {
      nome: 'numeracoes.listar',
      call: (c) => c.numeracoes.listar(),
      method: 'GET',
      path: '/v1/numeracoes',
      result: (v) => expect((v as Page<Numeracoes.Numeracao>).dados[0]).toEqual({ numeracao: '38', ...NOVO }),
    },
  ]);
});
