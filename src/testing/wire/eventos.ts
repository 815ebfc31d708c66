// The kit's own reading of the spec's webhook payloads, written from /work/shared/partner-api-spec.md:
// "Events" > "Envelope", "Event kinds" (the dados column of each kind) and "Rules" 1 and 2
// (`produto.lote`: `{ total, itens }`, each item the kind its single notice would have plus `produto`,
// and `alterados` / `anterior` when that notice has them; receivers handle both formats). Records
// inside come from ./records.ts and ./produto.ts.
import type { ProdutoWire } from './produto.js';
import type { AnexoWire, ClienteResumoWire, EtiquetaWire, LancamentoWire, PedidoResumoWire, PedidoStatusAlteradoWire, RastreioWire } from './records.js';

/** The `dados` of each event kind that arrives alone (every kind of the table but `produto.lote`). */
export interface DadosPorEvento {
  'pedido.criado': { pedido: PedidoResumoWire };
  'pedido.status_alterado': { pedido: PedidoStatusAlteradoWire };
  'pedido.rastreio_adicionado': { pedido: PedidoResumoWire; rastreio: RastreioWire };
  'pedido.comprovante_validado': { pedido: PedidoResumoWire; anexo: AnexoWire };
  'etiqueta.emitida': { etiqueta: EtiquetaWire };
  'etiqueta.status_alterado': { etiqueta: EtiquetaWire };
  'financeiro.lancamento_criado': { lancamento: LancamentoWire };
  'produto.estoque_atualizado': { produto: ProdutoWire };
  /** `alterados` names which of the two prices changed; `anterior` holds both as they were. */
  'produto.preco_atualizado': { produto: ProdutoWire; alterados: Array<'precoAtacado' | 'precoSugerido'>; anterior: { precoAtacado: string; precoSugerido: string } };
  'produto.nome_alterado': { produto: ProdutoWire; anterior: { titulo: string } };
  /** `alterados` names which lists changed. */
  'produto.categorias_alteradas': { produto: ProdutoWire; alterados: Array<'categorias' | 'estilos' | 'tags'> };
  'produto.criado': { produto: ProdutoWire };
  'produto.desativado': { produto: ProdutoWire };
  'produto.reativado': { produto: ProdutoWire };
  'cliente.criado': { cliente: ClienteResumoWire };
  /** `alterados` names field paths (`nome`, `endereco.cep` ...), never values. */
  'cliente.atualizado': { cliente: ClienteResumoWire; alterados: string[] };
  'cliente.removido': { cliente: ClienteResumoWire };
  'teste.ping': { mensagem: string };
}

/** An event kind that arrives alone. */
export type TipoEventoWire = keyof DadosPorEvento;

/** A product event kind: those a `produto.lote` may carry in place of single notices. */
export type TipoEventoProdutoWire = Extract<TipoEventoWire, `produto.${string}`>;

/** One element of `itens` of a `produto.lote`: `evento` plus the `dados` its single notice would have. */
export type ItemLoteWire<K extends TipoEventoProdutoWire = TipoEventoProdutoWire> = { [P in K]: { evento: P } & DadosPorEvento[P] }[K];

/** `dados` of `produto.lote`. */
export interface LoteDadosWire {
  /** How many items. */
  total: number;
  itens: ItemLoteWire[];
}
