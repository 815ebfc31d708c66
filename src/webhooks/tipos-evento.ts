/**
 * The one list of the spec's event kinds. Every other list of kinds in the SDK is derived from it (the
 * product kinds here, the command line's triggerable kinds) or checked against it by the compiler (the
 * payload schemas, `satisfies` a mapped type over it), so a kind the spec adds is added here once.
 * The testing kit keeps its own list on purpose: it is a second reading of the spec, so a misreading
 * here is caught by the kit rather than copied into it.
 */

/** The 19 event kinds of the spec, in the spec's order, `produto.lote` included. */
export const TIPOS_EVENTO = Object.freeze([
  'pedido.criado',
  'pedido.status_alterado',
  'pedido.rastreio_adicionado',
  'pedido.comprovante_validado',
  'etiqueta.emitida',
  'etiqueta.status_alterado',
  'financeiro.lancamento_criado',
  'produto.estoque_atualizado',
  'produto.preco_atualizado',
  'produto.nome_alterado',
  'produto.categorias_alteradas',
  'produto.criado',
  'produto.desativado',
  'produto.reativado',
  'produto.lote',
  'cliente.criado',
  'cliente.atualizado',
  'cliente.removido',
  'teste.ping',
] as const);

/** Every event kind of the spec: the single ones and `produto.lote`. */
export type TipoEvento = (typeof TIPOS_EVENTO)[number];

/** An event kind that arrives alone (every kind of the spec but `produto.lote`). */
export type TipoEventoIndividual = Exclude<TipoEvento, 'produto.lote'>;

/** The product event kinds a `produto.lote` may carry in place of single notices. */
export type TipoEventoProduto = Extract<TipoEventoIndividual, `produto.${string}`>;

const isTipoEventoProduto = (kind: TipoEvento): kind is TipoEventoProduto => kind.startsWith('produto.') && kind !== 'produto.lote';

/**
 * The seven single product event kinds of the spec, in its order (`produto.lote` is not one: it carries
 * items of these kinds, which {@link createWebhookHandler} hands to their kind's handler one by one).
 */
export const TIPOS_EVENTO_PRODUTO: readonly TipoEventoProduto[] = Object.freeze(TIPOS_EVENTO.filter(isTipoEventoProduto));
