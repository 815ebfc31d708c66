// The fixtures' shape checker must itself refuse what the spec refuses, or the kit conformance test
// would pass on anything.
import { describe, expect, it } from 'vitest';
import { answer, event, shapeProblems } from './fixtures.js';

const produto = () => structuredClone(answer('produtos.obter').body) as Record<string, unknown>;

describe('shapeProblems', () => {
  it('accepts the fixture itself and extra fields', () => {
    expect(shapeProblems(answer('produtos.obter'), { ...produto(), novoCampo: 1 })).toEqual([]);
  });

  it('names a missing key, a wrong type, a one-decimal amount, a number for money and a Z timestamp', () => {
    const { sku: _sku, ...semSku } = produto();
    expect(shapeProblems(answer('produtos.obter'), semSku)).toEqual(['sku: missing']);
    expect(shapeProblems(answer('produtos.obter'), { ...produto(), ativo: 'true' })).toEqual(['ativo: expected boolean, got string "true"']);
    expect(shapeProblems(answer('produtos.obter'), { ...produto(), precoAtacado: '129.9' })).toEqual(['precoAtacado: expected money, got string "129.9"']);
    expect(shapeProblems(answer('produtos.obter'), { ...produto(), precoAtacado: 129.9 })).toEqual(['precoAtacado: expected money, got number 129.9']);
    expect(shapeProblems(answer('produtos.obter'), { ...produto(), atualizadoEm: '2024-05-10T15:00:00Z' })).toEqual(['atualizadoEm: expected timestamp, got string "2024-05-10T15:00:00Z"']);
  });

  it('checks array items, enums, optional and nullable paths', () => {
    const p = produto();
    expect(shapeProblems(answer('produtos.obter'), { ...p, numeracoes: [{ numeracao: '38', skuVariacao: 'x', estoque: 1.5 }] })).toEqual([
      '[0] numeracoes[].estoque: expected integer, got number 1.5',
    ]);
    const pedido = structuredClone(answer('pedidos.obter').body) as Record<string, unknown>;
    expect(shapeProblems(answer('pedidos.obter'), { ...pedido, status: 'FATURADO' })).toEqual([
      'status: "FATURADO" is not one of ["AGUARDANDO_PAGAMENTO","PAGO","EM_SEPARACAO","ENVIADO","ENTREGUE","CANCELADO","ESTORNADO"]',
    ]);
    const { referenciaExterna: _ref, ...semRef } = pedido;
    expect(shapeProblems(answer('pedidos.obter'), semRef)).toEqual([]);
    const etiqueta = structuredClone(answer('etiquetas.emitir').body) as Record<string, unknown>;
    expect(shapeProblems(answer('etiquetas.emitir'), { ...etiqueta, impressaEm: null })).toEqual([]);
    expect(shapeProblems(answer('etiquetas.emitir'), { ...etiqueta, emitidaEm: null })).toEqual(['emitidaEm: expected timestamp, got null null']);
  });

  it('matches each lote item against the item of its kind', () => {
    const lote = structuredClone(event('produto.lote.com-alterados').body) as { dados: { itens: Array<Record<string, unknown>> } };
    expect(shapeProblems(event('produto.lote.com-alterados'), lote)).toEqual([]);
    lote.dados.itens[0]!.evento = 'produto.lote';
    expect(shapeProblems(event('produto.lote.com-alterados'), lote)).toHaveLength(1);
  });
});
