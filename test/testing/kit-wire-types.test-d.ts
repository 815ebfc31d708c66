import { describe, expectTypeOf, it } from 'vitest';
import type { FakeProduto, WireDados, WireEvento, WireItemLote } from '../../src/testing/index.js';

// Hand-written from the spec ("Resources and their fields", "Events" > "Envelope" and "Event kinds"):
// what the kit's own wire types must take and what they must refuse. Not derived from the SDK.

const produto = {
  sku: 'TEN-0001',
  titulo: 'Tênis Corrida Azul',
  imagem: 'https://cdn.example/ten-0001.jpg',
  precoAtacado: '119.90',
  precoSugerido: '249.90',
  precoAtual: '239.90',
  numeracoes: [{ numeracao: '38', skuVariacao: 'TEN-0001-38', estoque: 12 }],
  categorias: [{ id: 'cat_1', nome: 'Corrida' }],
  estilos: [{ id: 'est_1', nome: 'Esportivo' }],
  tags: [{ id: 'tag_1', nome: 'Lançamento' }],
  ativo: true,
  atualizadoEm: '2024-05-10T14:30:00-03:00',
};
const pedido = {
  id: 'ped_1',
  numero: 1042,
  status: 'PAGO',
  total: '239.80',
  origem: 'API',
  referenciaExterna: 'PED-1',
  enviarPara: 'CLIENTE',
  criadoEm: '2024-05-10T14:30:00-03:00',
  atualizadoEm: '2024-05-10T14:31:00-03:00',
};

describe("the kit's own wire types, from the spec", () => {
  it('take the Product table as written, money as strings', () => {
    const ok: FakeProduto = produto;
    expectTypeOf(ok.precoAtacado).toEqualTypeOf<string>();
    expectTypeOf(ok.numeracoes[0]!.estoque).toEqualTypeOf<number>();
    // @ts-expect-error money is a string on the wire, never a number
    const numero: FakeProduto = { ...produto, precoAtacado: 119.9 };
    const { sku: _sku, ...semSku } = produto;
    // @ts-expect-error sku is the product's stable identifier: never absent
    const anonimo: FakeProduto = semSku;
    void numero;
    void anonimo;
  });

  it('carry statusAnterior inside pedido.status_alterado, and both prices in anterior of produto.preco_atualizado', () => {
    const status: WireDados<'pedido.status_alterado'> = { pedido: { ...pedido, statusAnterior: 'AGUARDANDO_PAGAMENTO' } };
    // @ts-expect-error the status change notice names the status it came from
    const semAnterior: WireDados<'pedido.status_alterado'> = { pedido };
    const preco: WireDados<'produto.preco_atualizado'> = { produto, alterados: ['precoAtacado'], anterior: { precoAtacado: '109.90', precoSugerido: '249.90' } };
    // @ts-expect-error alterados names prices only
    const outro: WireDados<'produto.preco_atualizado'> = { produto, alterados: ['titulo'], anterior: { precoAtacado: '109.90', precoSugerido: '249.90' } };
    void [status, semAnterior, preco, outro];
  });

  it('type produto.lote as { total, itens } of product kinds only, each with the fields its single notice has', () => {
    const lote: WireDados<'produto.lote'> = {
      total: 2,
      itens: [
        { evento: 'produto.nome_alterado', produto, anterior: { titulo: 'Tênis Azul' } },
        { evento: 'produto.desativado', produto: { ...produto, ativo: false } },
      ],
    };
    expectTypeOf(lote.total).toEqualTypeOf<number>();
    // @ts-expect-error an order event never travels inside a produto.lote
    const pedidoNoLote: WireItemLote = { evento: 'pedido.criado', pedido };
    // @ts-expect-error the nome_alterado item carries anterior.titulo, as its single notice does
    const semAnterior: WireItemLote<'produto.nome_alterado'> = { evento: 'produto.nome_alterado', produto };
    void [pedidoNoLote, semAnterior];
  });

  it('give the envelope of the spec: id, evento, criadoEm, ambiente, integracao { id, nome }, dados', () => {
    const event: WireEvento<'teste.ping'> = {
      id: 'evt_1',
      evento: 'teste.ping',
      criadoEm: '2024-05-10T14:30:00-03:00',
      ambiente: 'sandbox',
      integracao: { id: 'int_1', nome: 'Loja' },
      dados: { mensagem: 'ping' },
    };
    expectTypeOf(event.integracao).toEqualTypeOf<{ id: string; nome: string }>();
    // @ts-expect-error teste.ping's dados is { mensagem }
    const errado: WireEvento<'teste.ping'> = { ...event, dados: { texto: 'ping' } };
    void errado;
  });
});
