import { describe, expect, it } from 'vitest';
import { Money } from '../../src/index.js';
import { testClient } from '../helpers/client.js';
import { json, scriptedFetch } from '../helpers/scripted-fetch.js';

// What a real server sends for an order made in the panel and a product outside the partner's store.
const pedidoDoPainel = {
  id: 'ped_9',
  numero: 9,
  status: 'AGUARDANDO_PAGAMENTO',
  total: '129.90',
  origem: null,
  referenciaExterna: null,
  enviarPara: null,
  criadoEm: '2026-11-20T10:00:00-03:00',
  atualizadoEm: '2026-11-20T10:00:00-03:00',
  itens: null,
};
const produtoForaDaLoja = {
  sku: 'TEN-1',
  titulo: null,
  imagem: null,
  precoAtacado: '99.90',
  precoSugerido: null,
  precoAtual: null,
  numeracoes: [{ numeracao: '38', skuVariacao: 'TEN-1-38', estoque: 2 }],
  categorias: null,
  estilos: [],
  tags: null,
  ativo: true,
  atualizadoEm: '2026-11-20T10:00:00-03:00',
};

describe('a field with no value is null, and null is accepted where the field is not essential', () => {
  it('pedidos.criar succeeds when the server answers referenciaExterna: null (the order exists: no error to replay into)', async () => {
    const { fetch } = scriptedFetch(() => json(201, pedidoDoPainel));
    const pedido = await testClient(fetch).pedidos.criar({ itens: [{ sku: 'TEN-1', numeracao: '38', quantidade: 1 }] });
    expect(pedido.referenciaExterna).toBeNull();
    expect(pedido.origem).toBeNull();
    expect(pedido.total).toBeInstanceOf(Money);
  });

  it('reads a product with null names, image and prices other than precoAtacado', async () => {
    const { fetch } = scriptedFetch(() => json(200, produtoForaDaLoja));
    const produto = await testClient(fetch).produtos.obter('TEN-1');
    expect(produto.precoAtual).toBeNull();
    expect(produto.titulo).toBeNull();
    expect(produto.precoAtacado.toString()).toBe('99.90');
  });

  it('still refuses null in an essential field (total, sku, status, timestamps)', async () => {
    for (const field of ['total', 'status', 'criadoEm', 'id'] as const) {
      const { fetch } = scriptedFetch(() => json(200, { ...pedidoDoPainel, [field]: null }));
      await expect(testClient(fetch).pedidos.obter('ped_9')).rejects.toMatchObject({ name: 'UnexpectedResponseError', issues: [expect.objectContaining({ path: field })] });
    }
  });
});
