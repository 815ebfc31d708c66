import * as z from 'zod/mini';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { once } from '../internal/once.js';
import { clienteResumoSchema } from '../models/cliente.js';
import { refSchema } from '../models/common.js';
import { anexoSchema } from '../models/anexo.js';
import { openEnum, STATUS_PEDIDO } from '../models/enums.js';
import { etiquetaSchema } from '../models/etiqueta.js';
import { lancamentoSchema } from '../models/lancamento.js';
import { pedidoResumoSchema } from '../models/pedido.js';
import { CLASSIFICATION_FIELDS, fieldMask, PRICE_FIELDS, produtoSchema } from '../models/produto.js';
import { rastreioSchema } from '../models/rastreio.js';
import type { TipoEventoIndividual } from './tipos-evento.js';

// Every payload is built from the shared models (one definition each) and every object is loose: the
// API adds fields without a version change, and the partner can still read them. Each is built the first
// time an event of its kind arrives (see internal/once.ts).

const pedido = once(() => z.looseObject({ pedido: pedidoResumoSchema() }));
const etiqueta = once(() => z.looseObject({ etiqueta: etiquetaSchema() }));
const produto = once(() => z.looseObject({ produto: produtoSchema() }));
const cliente = once(() => z.looseObject({ cliente: clienteResumoSchema() }));

/**
 * The `dados` of each event kind of the spec (except `produto.lote`, see {@link loteDadosSchema}), by
 * kind: each a function that builds the schema on its first call. Money fields decode to `Money`,
 * timestamps are checked and kept as sent.
 */
export const dadosEventoSchemas = {
  /** A new order: its summary. */
  'pedido.criado': pedido,
  /** `statusAnterior` is always present in this event, so it is required here. */
  // The one place statusAnterior is essential: the notice is about the change from it.
  'pedido.status_alterado': once(() => z.looseObject({ pedido: z.extend(pedidoResumoSchema(), { statusAnterior: openEnum(STATUS_PEDIDO) }) })),
  /** The order summary and the tracking code added to it. */
  'pedido.rastreio_adicionado': once(() => z.looseObject({ pedido: pedidoResumoSchema(), rastreio: rastreioSchema() })),
  /** The order summary and the payment proof the supplier validated. */
  'pedido.comprovante_validado': once(() => z.looseObject({ pedido: pedidoResumoSchema(), anexo: anexoSchema() })),
  /** The label issued. */
  'etiqueta.emitida': etiqueta,
  /**
   * `statusAnterior` stays optional: the spec names it for printing and dispatch, but its transition
   * table does not for a cancellation.
   */
  'etiqueta.status_alterado': etiqueta,
  /** The new ledger entry. */
  'financeiro.lancamento_criado': once(() => z.looseObject({ lancamento: lancamentoSchema() })),
  /** The product with its new stock. */
  'produto.estoque_atualizado': produto,
  /** The product, which of its prices changed and what both were before. */
  'produto.preco_atualizado': once(() =>
    z.looseObject({
      produto: produtoSchema(),
      /** Which prices changed: `precoAtacado`, `precoSugerido`. */
      alterados: z.array(openEnum(PRICE_FIELDS)),
      /** Both prices before the change. */
      anterior: z.pick(produtoSchema(), fieldMask(PRICE_FIELDS)),
    }),
  ),
  /** The product and its `titulo` before the change. */
  'produto.nome_alterado': once(() => z.looseObject({ produto: produtoSchema(), anterior: z.pick(produtoSchema(), { titulo: true }) })),
  /** The product and which of its lists changed. */
  'produto.categorias_alteradas': once(() =>
    z.looseObject({
      produto: produtoSchema(),
      /** Which lists changed: `categorias`, `estilos`, `tags`. */
      alterados: z.array(openEnum(CLASSIFICATION_FIELDS)),
    }),
  ),
  /** The new product. */
  'produto.criado': produto,
  /** The product deactivated. */
  'produto.desativado': produto,
  /** The product reactivated. */
  'produto.reativado': produto,
  /** The new customer, as a summary (no contact or address). */
  'cliente.criado': cliente,
  /** `alterados` names field paths (`nome`, `endereco.cep`...), never values. */
  'cliente.atualizado': once(() => z.looseObject({ cliente: clienteResumoSchema(), alterados: z.array(z.string()) })),
  /** The customer removed, as a summary. */
  'cliente.removido': cliente,
  /** A test notice and its `mensagem`. */
  'teste.ping': once(() => z.looseObject({ mensagem: z.string() })),
} as const satisfies { readonly [K in TipoEventoIndividual]: () => z.ZodMiniType };
// `satisfies` ties the keys to the one list (tipos-evento.ts): a kind missing here, or one the list
// does not have, fails the build.

/**
 * @internal True for a kind with a schema in {@link dadosEventoSchemas}. An own key only: "__proto__"
 * or "constructor" are unknown kinds, not Object.prototype's members.
 */
export const isTipoEventoIndividual = (kind: unknown): kind is TipoEventoIndividual => typeof kind === 'string' && Object.hasOwn(dadosEventoSchemas, kind);

/** The `dados` of a single event of kind `K`, as parsed (money as `Money`, unknown fields kept). */
export type DadosEvento<K extends TipoEventoIndividual> = z.output<ReturnType<(typeof dadosEventoSchemas)[K]>>;

declare const desconhecido: unique symbol;

/**
 * The kind of an event the SDK does not know yet (the API adds kinds without a version change). At run
 * time it is the plain string the API sent; the type is branded so that comparing `evento` with a known
 * kind narrows the event union exactly. Read it as a `string` (it is assignable to one).
 */
export type TipoEventoDesconhecido = `${string}.${string}` & { readonly [desconhecido]: true };

/** An item of a `produto.lote` whose kind the SDK knows: `evento` plus the `dados` of that single event. */
export type ItemLoteConhecido = { [K in TipoEventoIndividual]: { evento: K } & DadosEvento<K> }[TipoEventoIndividual];

/** An item of a `produto.lote` of a kind the SDK does not know: its `evento` and whatever else it carries. */
export interface ItemLoteDesconhecido {
  evento: TipoEventoDesconhecido;
  [campo: string]: unknown;
}

/** One element of `itens` of a `produto.lote`: the single notice it replaces, minus the envelope. */
export type ItemLote = ItemLoteConhecido | ItemLoteDesconhecido;

/** The envelope fields every event has, besides `evento` and `dados` (a zod shape, built on the first call). */
export const envelopeShape = once(() => ({
  /** Unique per event; starts with `evt_`. The key to deduplicate deliveries. */
  id: z.string().check(z.startsWith('evt_', { error: 'expected an event id starting with "evt_"' })),
  criadoEm: timestampSchema(),
  /** `producao` in production; the sandbox value is not shown by the spec. */
  ambiente: openEnum(['producao']),
  /** The integration the event was sent for. */
  integracao: refSchema(),
}));
