import type { EnviarPara } from '../models/enums.js';
import type { Pedido } from '../models/pedido.js';
import type { ItemPedido, PedidoValidacao } from '../models/pedido-operacoes.js';
import type { MoneyInput } from '../money/index.js';
import { callOperation } from '../operations/call.js';
import { PEDIDOS_ROWS as rows } from '../operations/pedidos.js';
import type { ListarParams } from '../pagination/list-params.js';
import type { PagePromise } from '../pagination/page-promise.js';
import type { ApiPromise } from '../transport/api-promise.js';
import type { Transport } from '../transport/transport.js';
import type { RequestOptions } from '../transport/request-options.js';
import { PedidoComprovantes } from './pedidos/comprovantes.js';
import { PedidoDespesas } from './pedidos/despesas.js';
import { PedidoRastreios } from './pedidos/rastreios.js';
import { Resource } from './resource.js';
import type { PedidoResumo, OrigemPedido, StatusPedido, Anexo, TipoAnexo, Despesa, Rastreio } from '../models/index.js';
import type { ComprovanteEnviarParams } from './pedidos/comprovantes.js';
import type { DespesaAdicionarParams } from './pedidos/despesas.js';
import type { RastreioAdicionarParams } from './pedidos/rastreios.js';

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
  itens?: readonly PedidoItemParams[] | undefined;
  /** Fields the SDK does not type; sent untouched. */
  [campo: string]: unknown;
}

/**
 * One item of {@link PedidoCriarParams.itens}: `{ sku, numeracao, quantidade }`. The spec does not show
 * the order body; this is the shape the local sandbox reads (the testing kit and `partner-commerce
 * sandbox`), not a rule from the spec, so nothing is required and other fields are sent as given.
 *
 * @example { sku: 'TEN-001', numeracao: '40', quantidade: 2 }
 */
export interface PedidoItemParams {
  /** The product's SKU. */
  sku?: string | undefined;
  /** One of the product's sizes (`numeracao` of its `numeracoes`). */
  numeracao?: string | undefined;
  /** Whole pairs, at least 1 (an integer: the SDK refuses a fraction before sending). */
  quantidade?: number | undefined;
  /** Fields the SDK does not type; sent untouched. */
  [campo: string]: unknown;
}

/** Body of {@link Pedidos.validar}: the same as an order creation. */
export interface PedidoValidarParams extends PedidoCriarParams {}

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
    return callOperation(this.transport, rows.pedidosListar, params, options);
  }

  /** One order with its result, tracking codes and attachments (GET /v1/pedidos/{id}). */
  obter(id: string, options?: RequestOptions): ApiPromise<Pedido> {
    return callOperation(this.transport, rows.pedidosObter, { id }, options);
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
    return callOperation(this.transport, rows.pedidosCriar, { body }, options);
  }

  /**
   * Simulates creating an order without creating it (POST /v1/pedidos/validar): the same checks and
   * errors as {@link Pedidos.criar}, nothing stored.
   */
  validar(body: PedidoValidarParams, options?: RequestOptions): ApiPromise<PedidoValidacao> {
    return callOperation(this.transport, rows.pedidosValidar, { body }, options);
  }

  /**
   * Sets the sale value of an order item (PATCH /v1/pedidos/{id}/itens/{itemId}/valor-venda), sent
   * as `{ valor: "129.90" }`. Labels need it for the content declaration (SALE_VALUE_REQUIRED).
   *
   * @param valor a Money, Decimal, money string or number with at most 2 decimals; refused before sending otherwise.
   */
  definirValorVenda(pedidoId: string, itemId: string, valor: MoneyInput, options?: RequestOptions): ApiPromise<ItemPedido> {
    return callOperation(this.transport, rows.pedidosDefinirValorVenda, { pedidoId, itemId, valor }, options);
  }
}

/** Orders: `client.pedidos` (this class), its records, sub-resources and parameters. */
export declare namespace Pedidos {
  export {
    type Pedido as Pedido,
    type PedidoResumo as PedidoResumo,
    type ItemPedido as ItemPedido,
    type PedidoValidacao as PedidoValidacao,
    type OrigemPedido as OrigemPedido,
    type StatusPedido as StatusPedido,
    type EnviarPara as EnviarPara,
    type PedidoCriarParams as PedidoCriarParams,
    type PedidoItemParams as PedidoItemParams,
    type PedidoListarParams as PedidoListarParams,
    type PedidoValidarParams as PedidoValidarParams,
    type PedidoComprovantes as PedidoComprovantes,
    type ComprovanteEnviarParams as ComprovanteEnviarParams,
    type Anexo as Anexo,
    type TipoAnexo as TipoAnexo,
    type PedidoDespesas as PedidoDespesas,
    type DespesaAdicionarParams as DespesaAdicionarParams,
    type Despesa as Despesa,
    type PedidoRastreios as PedidoRastreios,
    type RastreioAdicionarParams as RastreioAdicionarParams,
    type Rastreio as Rastreio,
  };
}
