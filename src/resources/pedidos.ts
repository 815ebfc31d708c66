import type { EnviarPara } from '../models/enums.js';
import { pedidoSchema, type Pedido } from '../models/pedido.js';
import { itemPedidoSchema, pedidoValidacaoSchema, type ItemPedido, type PedidoValidacao } from '../models/pedido-operacoes.js';
import type { MoneyInput } from '../money/index.js';
import type { ListarParams } from '../pagination/list-params.js';
import { paginate } from '../pagination/paginate.js';
import type { PagePromise } from '../pagination/page-promise.js';
import type { ApiPromise } from '../transport/api-promise.js';
import type { Transport } from '../transport/transport.js';
import type { RequestOptions } from '../transport/request-options.js';
import { checkBody } from './body/checked-body.js';
import { money, nonEmptyString, optional, type Rule } from './body/rules.js';
import { PedidoComprovantes } from './pedidos/comprovantes.js';
import { PedidoDespesas } from './pedidos/despesas.js';
import { PedidoRastreios } from './pedidos/rastreios.js';
import { Resource } from './resource.js';

/** Filters of {@link Pedidos.listar} (the spec shows none beyond `limite` and `cursor`; extra ones pass through). */
export interface PedidoListarParams extends ListarParams {}

/**
 * Body of {@link Pedidos.criar} and {@link Pedidos.validar}. The spec does not show the order body:
 * `referenciaExterna` is checked (a non-empty string when present); every field is sent as given.
 */
export interface PedidoCriarParams {
  /** Your own reference for the order, unique per partner (REFERENCIA_EXTERNA_DUPLICADA when reused). */
  referenciaExterna?: string | undefined;
  /** Delivery target; `CLIENTE` sends it to your customer (no minimum of pairs). */
  enviarPara?: EnviarPara | undefined;
  /** The items; `indice` in an ITENS_INDISPONIVEIS error is a position in this array. */
  itens?: readonly Record<string, unknown>[] | undefined;
  /** Fields the SDK does not type; sent untouched. */
  [campo: string]: unknown;
}

/** Body of {@link Pedidos.validar}: the same as an order creation. */
export interface PedidoValidarParams extends PedidoCriarParams {}

/**
 * @internal What an order body must pass before it is sent. Exported because the mirror's outbox checks
 * the same rules before it saves a row: a body refused here would otherwise sit pending forever.
 */
export const ORDER_RULES: Readonly<Record<string, Rule>> = { referenciaExterna: optional(nonEmptyString) };

/** Orders: read, create, validate, sale values; and their tracking codes, payment proofs and expenses. */
export class Pedidos extends Resource {
  /** Tracking codes of an order. */
  readonly rastreios: PedidoRastreios;
  /** Payment proofs of an order. */
  readonly comprovantes: PedidoComprovantes;
  /** Expenses of an order. */
  readonly despesas: PedidoDespesas;

  /** @internal */
  constructor(transport: Transport) {
    super(transport);
    this.rastreios = new PedidoRastreios(transport);
    this.comprovantes = new PedidoComprovantes(transport);
    this.despesas = new PedidoDespesas(transport);
  }

  /** Lists the orders (GET /v1/pedidos), page by page. */
  listar(params?: PedidoListarParams, options?: RequestOptions): PagePromise<Pedido> {
    return paginate(this.transport, { operation: 'pedidos.listar', route: '/v1/pedidos', params, item: pedidoSchema(), options });
  }

  /** One order with its result, tracking codes and attachments (GET /v1/pedidos/{id}). */
  obter(id: string, options?: RequestOptions): ApiPromise<Pedido> {
    return this.transport.call({ operation: 'pedidos.obter', method: 'GET', route: '/v1/pedidos/{id}', params: { id }, schema: pedidoSchema(), options });
  }

  /**
   * Creates an order (POST /v1/pedidos), always with an Idempotency-Key: `options.idempotencyKey`,
   * or a fresh one reused by every retry of this call. Persist your own key before calling to
   * replay safely after a crash.
   *
   * Errors to expect: `ITENS_INDISPONIVEIS` (nothing created; `e.itens[i].indice` is the position
   * in `body.itens`), `REFERENCIA_EXTERNA_DUPLICADA` (do not retry: the order already exists, fetch
   * `e.pedido.id` with {@link Pedidos.obter}), `MIN_ITEMS_NOT_MET`, `PROFILE_INCOMPLETE`.
   *
   * @throws {InvalidInputError} before sending when `referenciaExterna` is present and not a non-empty string.
   */
  criar(body: PedidoCriarParams, options?: RequestOptions): ApiPromise<Pedido> {
    return this.transport.call({ operation: 'pedidos.criar', method: 'POST', route: '/v1/pedidos', ...checkBody(body, ORDER_RULES), idempotency: 'required', schema: pedidoSchema(), options });
  }

  /**
   * Simulates creating an order without creating it (POST /v1/pedidos/validar): the same checks and
   * errors as {@link Pedidos.criar}, nothing stored.
   */
  validar(body: PedidoValidarParams, options?: RequestOptions): ApiPromise<PedidoValidacao> {
    return this.transport.call({ operation: 'pedidos.validar', method: 'POST', route: '/v1/pedidos/validar', ...checkBody(body, ORDER_RULES), schema: pedidoValidacaoSchema(), options });
  }

  /**
   * Sets the sale value of an order item (PATCH /v1/pedidos/{id}/itens/{itemId}/valor-venda), sent
   * as `{ valor: "129.90" }`. Labels need it for the content declaration (SALE_VALUE_REQUIRED).
   *
   * @param valor a Money, Decimal, money string or number with at most 2 decimals; refused before sending otherwise.
   */
  definirValorVenda(pedidoId: string, itemId: string, valor: MoneyInput, options?: RequestOptions): ApiPromise<ItemPedido> {
    return this.transport.call({ operation: 'pedidos.definirValorVenda',
      method: 'PATCH',
      route: '/v1/pedidos/{pedidoId}/itens/{itemId}/valor-venda',
      params: { pedidoId, itemId },
      ...checkBody({ valor }, { valor: money() }),
      schema: itemPedidoSchema(),
      options,
    });
  }
}
