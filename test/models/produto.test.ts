import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { Money } from '../../src/money/index.js';
import { produtoEstoqueSchema, produtoResumoSchema, produtoSchema, type NumeracaoEstoque, type Produto, type ProdutoEstoque, type ProdutoResumo, type Referencia } from '../../src/models/index.js';

function produtoJson() {
  return {
    sku: 'TEN-001',
    titulo: 'Tênis Corrida',
    imagem: 'https://cdn.example.com/ten-001.jpg',
    precoAtacado: '129.90',
    precoSugerido: '259.00',
    precoAtual: '-5.00',
    numeracoes: [
      { numeracao: '38', skuVariacao: 'TEN-001-38', estoque: 4 },
      { numeracao: '39', skuVariacao: 'TEN-001-39', estoque: 0 },
    ],
    categorias: [{ id: 'cat_1', nome: 'Corrida' }],
    estilos: [{ id: 'est_1', nome: 'Esportivo' }],
    tags: [],
    ativo: true,
    atualizadoEm: '2024-05-01T10:00:00-03:00',
  };
}

function issuePaths(result: { success: boolean; error?: { issues: readonly { path: PropertyKey[] }[] } | undefined }): PropertyKey[][] {
  return (result.error?.issues ?? []).map((issue) => issue.path);
}

describe('produtoSchema', () => {
  it('parses a product with its prices as Money', () => {
    const produto = produtoSchema().parse(produtoJson());
    expect(produto.precoAtacado).toBeInstanceOf(Money);
    expect(produto.precoAtacado.equals('129.9')).toBe(true);
    expect(produto.numeracoes[0]?.estoque).toBe(4);
    expect(produto.atualizadoEm).toBe('2024-05-01T10:00:00-03:00');
  });

  it('gives the money strings back exactly as sent through JSON.stringify', () => {
    const sent = produtoJson();
    const again = JSON.parse(JSON.stringify(produtoSchema().parse(sent))) as unknown;
    expect(again).toEqual(sent);
    expect(JSON.stringify(produtoSchema().parse(sent))).toContain('"precoAtacado":"129.90"');
  });

  it('encodes a parsed product back to what the API sent', () => {
    const sent = produtoJson();
    expect(z.encode(produtoSchema(), produtoSchema().parse(sent))).toEqual(sent);
  });

  it('keeps unknown fields on the product and on nested objects', () => {
    const sent = {
      ...produtoJson(),
      campoNovo: { qualquer: 1 },
      numeracoes: [{ numeracao: '38', skuVariacao: 'TEN-001-38', estoque: 4, reservado: 1 }],
      categorias: [{ id: 'cat_1', nome: 'Corrida', slug: 'corrida' }],
    };
    const produto = produtoSchema().parse(sent);
    expect(produto['campoNovo']).toEqual({ qualquer: 1 });
    expect(produto.numeracoes[0]?.['reservado']).toBe(1);
    expect(produto.categorias?.[0]?.['slug']).toBe('corrida');
  });

  it.each([['sku'], ['precoAtacado'], ['numeracoes'], ['ativo'], ['atualizadoEm']] as const)('fails with an issue at %s when that essential field is missing', (field) => {
    const sent: Record<string, unknown> = produtoJson();
    delete sent[field];
    expect(issuePaths(produtoSchema().safeParse(sent))).toEqual([[field]]);
  });

  it.each([['titulo'], ['imagem'], ['precoSugerido'], ['precoAtual'], ['categorias'], ['estilos'], ['tags']] as const)('accepts %s absent or null (not essential: null is kept as sent)', (field) => {
    const absent: Record<string, unknown> = produtoJson();
    delete absent[field];
    expect(produtoSchema().safeParse(absent).success).toBe(true);
    const parsed = produtoSchema().safeParse({ ...produtoJson(), [field]: null });
    expect(parsed.success && parsed.data[field]).toBeNull();
  });

  it('fails with an issue naming the nested field when a size lacks its stock', () => {
    const sent = produtoJson();
    const { estoque: _, ...semEstoque } = sent.numeracoes[1]!;
    const result = produtoSchema().safeParse({ ...sent, numeracoes: [sent.numeracoes[0], semEstoque] });
    expect(issuePaths(result)).toEqual([['numeracoes', 1, 'estoque']]);
  });

  it.each([
    ['a price with one decimal', { precoAtacado: '129.9' }, ['precoAtacado']],
    ['a price as a number', { precoSugerido: 259 }, ['precoSugerido']],
    ['a price with a comma', { precoAtual: '1,00' }, ['precoAtual']],
    ['a stock that is not an integer', { numeracoes: [{ numeracao: '38', skuVariacao: 'x', estoque: 1.5 }] }, ['numeracoes', 0, 'estoque']],
    ['a timestamp without offset', { atualizadoEm: '2024-05-01T10:00:00' }, ['atualizadoEm']],
    ['a category without id', { categorias: [{ nome: 'Corrida' }] }, ['categorias', 0, 'id']],
  ])('refuses %s', (_, change, path) => {
    expect(issuePaths(produtoSchema().safeParse({ ...produtoJson(), ...change }))).toEqual([path]);
  });

  it('types prices as Money, timestamps as strings and unknown fields as unknown', () => {
    expectTypeOf<Produto['precoAtacado']>().toEqualTypeOf<Money>();
    expectTypeOf<Produto['precoAtual']>().toEqualTypeOf<Money | null | undefined>();
    expectTypeOf<Produto['atualizadoEm']>().toEqualTypeOf<string>();
    expectTypeOf<Produto['numeracoes']>().toEqualTypeOf<NumeracaoEstoque[]>();
    expectTypeOf<Produto['categorias']>().toEqualTypeOf<Referencia[] | null | undefined>();
    expectTypeOf<NumeracaoEstoque['estoque']>().toEqualTypeOf<number>();
    expectTypeOf<Produto['campoNovo']>().toEqualTypeOf<unknown>();
    expectTypeOf<NumeracaoEstoque['campoNovo']>().toEqualTypeOf<unknown>();
    expectTypeOf<Referencia['campoNovo']>().toEqualTypeOf<unknown>();
  });
});

describe('produtoEstoqueSchema', () => {
  it('parses the stock of a product and keeps unknown fields', () => {
    const { sku, ativo, numeracoes, atualizadoEm } = produtoJson();
    const estoque = produtoEstoqueSchema().parse({ sku, ativo, numeracoes, atualizadoEm, deposito: 'SP' });
    expect(estoque.numeracoes).toHaveLength(2);
    expect(estoque['deposito']).toBe('SP');
    expectTypeOf<ProdutoEstoque['numeracoes']>().toEqualTypeOf<NumeracaoEstoque[]>();
  });

  it('fails with an issue at numeracoes when it is missing', () => {
    const { sku, ativo, atualizadoEm } = produtoJson();
    expect(issuePaths(produtoEstoqueSchema().safeParse({ sku, ativo, atualizadoEm }))).toEqual([['numeracoes']]);
  });
});

describe('produtoResumoSchema', () => {
  it('accepts an item with only a sku and keeps unknown fields', () => {
    const resumo = produtoResumoSchema().parse({ sku: 'TEN-001', destaque: true });
    expect(resumo.sku).toBe('TEN-001');
    expect(resumo['destaque']).toBe(true);
  });

  it('decodes the Product fields it carries', () => {
    const resumo = produtoResumoSchema().parse({ sku: 'TEN-001', precoAtacado: '129.90' });
    expect(resumo.precoAtacado).toBeInstanceOf(Money);
    expect(JSON.stringify(resumo)).toBe('{"sku":"TEN-001","precoAtacado":"129.90"}');
  });

  it('fails with an issue at sku when the sku is missing', () => {
    expect(issuePaths(produtoResumoSchema().safeParse({ titulo: 'Tênis' }))).toEqual([['sku']]);
  });

  it('still checks the Product fields it carries', () => {
    expect(issuePaths(produtoResumoSchema().safeParse({ sku: 'TEN-001', precoAtual: '12,50' }))).toEqual([['precoAtual']]);
  });

  it('types sku as required and the Product fields as optional', () => {
    expectTypeOf<ProdutoResumo['sku']>().toEqualTypeOf<string>();
    expectTypeOf<ProdutoResumo['precoAtual']>().toEqualTypeOf<Money | null | undefined>();
    expectTypeOf<ProdutoResumo['campoNovo']>().toEqualTypeOf<unknown>();
  });
});
