import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import { Money } from '../../src/money/index.js';
import { pageEnvelopeSchema, produtoResumoSchema, type PageEnvelope, type ProdutoResumo } from '../../src/models/index.js';

const paginaSchema = pageEnvelopeSchema(produtoResumoSchema());

describe('pageEnvelopeSchema', () => {
  it('parses the items with the item schema and the cursor of the next page', () => {
    const pagina = paginaSchema.parse({
      dados: [{ sku: 'A', precoAtual: '10.00' }, { sku: 'B' }],
      paginacao: { proximoCursor: 'abc', temMais: true },
    });
    expect(pagina.dados.map((p) => p.sku)).toEqual(['A', 'B']);
    expect(pagina.dados[0]?.precoAtual).toBeInstanceOf(Money);
    expect(pagina.paginacao).toEqual({ proximoCursor: 'abc', temMais: true });
  });

  it('accepts a null cursor on the last page', () => {
    expect(paginaSchema.parse({ dados: [], paginacao: { proximoCursor: null, temMais: false } }).paginacao.proximoCursor).toBeNull();
  });

  it('keeps unknown fields on the envelope and on paginacao', () => {
    const pagina = paginaSchema.parse({ dados: [], paginacao: { proximoCursor: null, temMais: false, total: 0 }, aviso: 'x' });
    expect(pagina['aviso']).toBe('x');
    expect(pagina.paginacao['total']).toBe(0);
  });

  it.each([
    ['temMais missing', { dados: [], paginacao: { proximoCursor: null } }, ['paginacao', 'temMais']],
    ['proximoCursor missing', { dados: [], paginacao: { temMais: false } }, ['paginacao', 'proximoCursor']],
    ['dados missing', { paginacao: { proximoCursor: null, temMais: false } }, ['dados']],
    ['an item without sku', { dados: [{}], paginacao: { proximoCursor: null, temMais: false } }, ['dados', 0, 'sku']],
  ])('fails with an issue at the field when %s', (_, body, path) => {
    expect(paginaSchema.safeParse(body).error?.issues.map((i) => i.path)).toEqual([path]);
  });

  it('infers PageEnvelope of the item type', () => {
    expectTypeOf<z.output<typeof paginaSchema>>().toEqualTypeOf<PageEnvelope<ProdutoResumo>>();
    expectTypeOf<PageEnvelope<ProdutoResumo>['dados']>().toEqualTypeOf<ProdutoResumo[]>();
    expectTypeOf<PageEnvelope<ProdutoResumo>['paginacao']['proximoCursor']>().toEqualTypeOf<string | null>();
  });
});

describe('pageEnvelopeSchema', () => {
  it('builds one envelope per item schema, not one per list call', () => {
    expect(pageEnvelopeSchema(produtoResumoSchema())).toBe(pageEnvelopeSchema(produtoResumoSchema()));
  });
});
