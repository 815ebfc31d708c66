import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, type LojaHub, type Page } from '../../src/index.js';
import { LOJA_HUB, NOVO } from './fixtures.js';
import { mockApi, testCases } from './harness.js';

const api = mockApi();
beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.reset());
afterAll(() => api.server.close());

const isConfig = (v: unknown) => {
  expect((v as LojaHub).publicacao).toEqual(LOJA_HUB.publicacao);
  expect((v as LojaHub)['campoNovo']).toEqual(NOVO.campoNovo);
};
const isOpen = (v: unknown) => expect((v as Record<string, unknown>)['campoNovo']).toEqual(NOVO.campoNovo);
const isVoid = (v: unknown) => expect(v).toBeUndefined();

describe('client.lojaHub', () => {
  testCases(api, [
    { nome: 'lojaHub.obter', call: (c) => c.lojaHub.obter(), method: 'GET', path: '/v1/loja-hub', result: isConfig },
    { nome: 'lojaHub.atualizar', call: (c) => c.lojaHub.atualizar({ whatsapp: '55119' }), method: 'PATCH', path: '/v1/loja-hub', body: { whatsapp: '55119' }, result: isConfig },
    { nome: 'lojaHub.publicar', call: (c) => c.lojaHub.publicar(), method: 'POST', path: '/v1/loja-hub/publicar', result: isConfig },
    { nome: 'lojaHub.despublicar', call: (c) => c.lojaHub.despublicar(), method: 'POST', path: '/v1/loja-hub/despublicar', result: isConfig },
    {
      nome: 'lojaHub.estatisticas',
      call: (c) => c.lojaHub.estatisticas({ desde: '2026-11-01T00:00:00-03:00' }),
      method: 'GET',
      path: '/v1/loja-hub/estatisticas',
      query: { desde: '2026-11-01T00:00:00-03:00' },
      result: isOpen,
    },
    { nome: 'lojaHub.aparencia', call: (c) => c.lojaHub.aparencia(), method: 'GET', path: '/v1/loja-hub/aparencia', result: isOpen },
    {
      nome: 'lojaHub.atualizarAparencia',
      call: (c) => c.lojaHub.atualizarAparencia({ corPrimaria: '#000' }),
      method: 'PATCH',
      path: '/v1/loja-hub/aparencia',
      body: { corPrimaria: '#000' },
      result: isOpen,
    },
    { nome: 'lojaHub.removerLogo', call: (c) => c.lojaHub.removerLogo(), method: 'DELETE', path: '/v1/loja-hub/logo', result: isVoid },
    {
      nome: 'lojaHub.produtos.listar',
      call: (c) => c.lojaHub.produtos.listar({ limite: 3 }),
      method: 'GET',
      path: '/v1/loja-hub/produtos',
      query: { limite: '3' },
      result: (v) => isOpen((v as Page<LojaHub.LojaHubProduto>).dados[0]),
    },
    { nome: 'lojaHub.produtos.adicionar', call: (c) => c.lojaHub.produtos.adicionar('SKU-1'), method: 'POST', path: '/v1/loja-hub/produtos', body: { sku: 'SKU-1' }, result: isOpen },
    { nome: 'lojaHub.produtos.remover', call: (c) => c.lojaHub.produtos.remover('SKU-1'), method: 'DELETE', path: '/v1/loja-hub/produtos/SKU-1', result: isVoid },
    {
      nome: 'lojaHub.produtos.definirTexto',
      call: (c) => c.lojaHub.produtos.definirTexto('SKU-1', { texto: 'Confortável' }),
      method: 'PUT',
      path: '/v1/loja-hub/produtos/SKU-1/texto',
      body: { texto: 'Confortável' },
      result: isOpen,
    },
    {
      nome: 'lojaHub.banners.listar',
      call: (c) => c.lojaHub.banners.listar(),
      method: 'GET',
      path: '/v1/loja-hub/banners',
      result: (v) => isOpen((v as Page<LojaHub.LojaHubBanner>).dados[0]),
    },
    { nome: 'lojaHub.banners.remover', call: (c) => c.lojaHub.banners.remover('ban_1'), method: 'DELETE', path: '/v1/loja-hub/banners/ban_1', result: isVoid },
  ]);

  it('lojaHub.produtos.adicionar refuses an empty sku before sending', async () => {
    const err = await api
      .client()
      .lojaHub.produtos.adicionar('')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues.map((i) => i.path)).toEqual(['sku']);
    expect(api.seen).toHaveLength(0);
  });

  it('a configuration without publicacao still parses: the field is only named by the spec', async () => {
    api.answer(() => Response.json({ outro: 1 }));
    await expect(api.client().lojaHub.obter()).resolves.toEqual({ outro: 1 });
  });
});
