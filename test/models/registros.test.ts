import { describe, expect, it } from 'vitest';
import {
  categoriaSchema,
  clienteSchema,
  conexaoEtiquetasSchema,
  contaSchema,
  cotacaoEtiquetaSchema,
  despesaSchema,
  euSchema,
  itemPedidoSchema,
  lojaHubAparenciaSchema,
  lojaHubBannerSchema,
  lojaHubEstatisticasSchema,
  lojaHubLogoSchema,
  lojaHubProdutoSchema,
  lojaHubSchema,
  numeracaoSchema,
  pedidoValidacaoSchema,
  saldoSchema,
} from '../../src/models/index.js';

const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('contaSchema', () => {
  it('types fichaCompleta as an optional boolean and keeps every other field', () => {
    expect(contaSchema().parse({ fichaCompleta: false, razaoSocial: 'Loja' })).toEqual({ fichaCompleta: false, razaoSocial: 'Loja' });
    expect(contaSchema().parse({})).toEqual({});
  });

  it('refuses a fichaCompleta that is not a boolean', () => {
    expect(paths(contaSchema().safeParse({ fichaCompleta: 'sim' }))).toEqual(['fichaCompleta']);
  });
});

describe('clienteSchema', () => {
  it('requires only id and keeps contact and address as sent', () => {
    const sent = { id: 'cli_1', whatsapp: '55', endereco: { cep: '01001000', rua: 'Sé' } };
    expect(clienteSchema().parse(sent)).toEqual(sent);
  });

  it('refuses a record without id', () => {
    expect(paths(clienteSchema().safeParse({ nome: 'Ana' }))).toEqual(['id']);
  });

  it('checks the summary fields when they are present', () => {
    expect(paths(clienteSchema().safeParse({ id: 'c', nome: 1, criadoEm: '2026-11-20T10:00:00' }))).toEqual(['nome', 'criadoEm']);
  });
});

describe('categoriaSchema and numeracaoSchema', () => {
  it('type the fields a product shows for them, all optional, and keep the rest', () => {
    expect(categoriaSchema().parse({ id: 'cat_1', nome: 'Tênis', slug: 'tenis' })).toEqual({ id: 'cat_1', nome: 'Tênis', slug: 'tenis' });
    expect(categoriaSchema().parse({})).toEqual({});
    expect(numeracaoSchema().parse({ numeracao: '38', ordem: 3 })).toEqual({ numeracao: '38', ordem: 3 });
  });

  it('refuse those fields with another type', () => {
    expect(paths(categoriaSchema().safeParse({ id: 7 }))).toEqual(['id']);
    expect(paths(numeracaoSchema().safeParse({ numeracao: 38 }))).toEqual(['numeracao']);
  });
});

describe('lojaHubSchema', () => {
  it('keeps publicacao whatever its shape, and parses without it', () => {
    expect(lojaHubSchema().parse({ publicacao: { pronta: false } })).toEqual({ publicacao: { pronta: false } });
    expect(lojaHubSchema().parse({ publicacao: 'PUBLICADA' })).toEqual({ publicacao: 'PUBLICADA' });
    expect(lojaHubSchema().parse({ nome: 'x' })).toEqual({ nome: 'x' });
  });
});

describe('records the spec does not show', () => {
  const open = {
    euSchema,
    saldoSchema,
    conexaoEtiquetasSchema,
    cotacaoEtiquetaSchema,
    pedidoValidacaoSchema,
    despesaSchema,
    itemPedidoSchema,
    lojaHubEstatisticasSchema,
    lojaHubAparenciaSchema,
    lojaHubBannerSchema,
    lojaHubLogoSchema,
    lojaHubProdutoSchema,
  };

  it.each(Object.entries(open))('%s keeps every field and requires none', (_, schema) => {
    const sent = { id: 'x', descricao: 'y', aninhado: { a: [1] } };
    expect(schema().parse(sent)).toEqual(sent);
    expect(schema().parse({})).toEqual({});
  });

  it.each(Object.entries(open))('%s refuses a body that is not an object', (_, schema) => {
    expect(schema().safeParse([]).success).toBe(false);
    expect(schema().safeParse('ok').success).toBe(false);
  });
});

describe('itemPedidoSchema', () => {
  it('types the id the valor-venda route needs ({itemId}), and refuses one that is not a string', () => {
    expect(itemPedidoSchema().parse({ id: 'itm_1', sku: 'SKU-1', quantidade: 2 })).toMatchObject({ id: 'itm_1', sku: 'SKU-1', quantidade: 2 });
    expect(paths(itemPedidoSchema().safeParse({ id: 7 }))).toEqual(['id']);
  });
});

describe('euSchema', () => {
  it('types the integration, its account and its permissions, and refuses permissoes that are not strings', () => {
    const eu = { integracao: { id: 'int_1', nome: 'ERP' }, conta: { id: 'cta_1', fichaCompleta: true }, permissoes: ['pedidos:ler'] };
    expect(euSchema().parse(eu)).toEqual(eu);
    expect(paths(euSchema().safeParse({ permissoes: [1] }))).toEqual(['permissoes.0']);
  });
});
