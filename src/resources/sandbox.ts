import type { Anexo } from '../models/anexo.js';
import type { StatusEtiquetaSimulavel, StatusPedido } from '../models/enums.js';
import type { Etiqueta } from '../models/etiqueta.js';
import type { Lancamento } from '../models/lancamento.js';
import type { Pedido } from '../models/pedido.js';
import type { ProdutoEstoque } from '../models/produto.js';
import type { Rastreio } from '../models/rastreio.js';
import type { MoneyInput } from '../money/index.js';
import { callOperation } from '../operations/call.js';
import { SANDBOX_ROWS as rows } from '../operations/sandbox.js';
import type { ApiPromise } from '../transport/api-promise.js';
import type { Transport } from '../transport/transport.js';
import type { RequestOptions } from '../transport/request-options.js';
import { Resource } from './resource.js';

// Simulators exist only on the sandbox: with a production token the transport refuses every
// /v1/sandbox path before sending. Each one makes the real change and emits the real webhook.

// The simulable label states live beside the other enums, so the simulator's body schema (models/requests) reads the one list.
export { STATUS_ETIQUETA_SIMULAVEL, type StatusEtiquetaSimulavel } from '../models/enums.js';

/** Body of {@link SandboxFinanceiro.criarLancamento}. */
export interface LancamentoCriarParams {
  /** Amount: positive is a credit, negative a debit, zero refused. Sent as `"129.90"`. */
  valor: MoneyInput;
  /** Statement text, at most 200 characters. */
  descricao: string;
  /** An order of this account that originated the entry. */
  pedidoId?: string | undefined;
  /** Fields the SDK does not type; sent untouched. */
  [campo: string]: unknown;
}

/** Body of {@link SandboxProdutos.definirEstoque}. */
export interface EstoqueDefinirParams {
  /** A size the product already has (another answers 400 VALIDACAO). */
  numeracao: string;
  /** The new stock, an integer >= 0. */
  estoque: number;
  /** Fields the SDK does not type; sent untouched. */
  [campo: string]: unknown;
}

/** Order simulators (`client.sandbox.pedidos`). */
export class SandboxPedidos extends Resource {
  /**
   * Sets an order's status (POST /v1/sandbox/pedidos/{pedidoId}/status); emits pedido.status_alterado
   * unless the status is already that one. Any transition is accepted, backwards included.
   *
   * @param status one of the seven order states ({@link STATUS_PEDIDO}); anything else is refused before sending.
   */
  alterarStatus(pedidoId: string, status: StatusPedido, options?: RequestOptions): ApiPromise<Pedido> {
    return callOperation(this.transport, rows.sandboxPedidosAlterarStatus, { pedidoId, status }, options);
  }

  /** Validates a payment proof (POST /v1/sandbox/pedidos/{pedidoId}/anexos/{anexoId}/validar); emits pedido.comprovante_validado. */
  validarComprovante(pedidoId: string, anexoId: string, options?: RequestOptions): ApiPromise<Anexo> {
    return callOperation(this.transport, rows.sandboxPedidosValidarComprovante, { pedidoId, anexoId }, options);
  }

  /** Validates a tracking code (POST /v1/sandbox/pedidos/{pedidoId}/rastreios/{rastreioId}/validar); no webhook. */
  validarRastreio(pedidoId: string, rastreioId: string, options?: RequestOptions): ApiPromise<Rastreio> {
    return callOperation(this.transport, rows.sandboxPedidosValidarRastreio, { pedidoId, rastreioId }, options);
  }
}

/** Label simulator (`client.sandbox.etiquetas`). */
export class SandboxEtiquetas extends Resource {
  /**
   * Sets a label's status (POST /v1/sandbox/etiquetas/{etiquetaId}/status); emits etiqueta.status_alterado.
   *
   * @param status IMPRESSA or DESPACHADA; anything else is refused before sending.
   */
  alterarStatus(etiquetaId: string, status: StatusEtiquetaSimulavel, options?: RequestOptions): ApiPromise<Etiqueta> {
    return callOperation(this.transport, rows.sandboxEtiquetasAlterarStatus, { etiquetaId, status }, options);
  }
}

/** Ledger simulator (`client.sandbox.financeiro`). */
export class SandboxFinanceiro extends Resource {
  /**
   * Creates a ledger entry (POST /v1/sandbox/financeiro/lancamentos); the balance changes and
   * financeiro.lancamento_criado is emitted. Refused before sending: a zero or malformed `valor`,
   * a `descricao` over 200 characters, a `pedidoId` that is not a non-empty string.
   */
  criarLancamento(body: LancamentoCriarParams, options?: RequestOptions): ApiPromise<Lancamento> {
    return callOperation(this.transport, rows.sandboxFinanceiroCriarLancamento, { body }, options);
  }
}

/** Stock simulator (`client.sandbox.produtos`). */
export class SandboxProdutos extends Resource {
  /**
   * Sets the stock of one size (PUT /v1/sandbox/produtos/{sku}/estoque). The catalog is shared by every
   * test account, the value holds until production next updates the product, and
   * produto.estoque_atualizado arrives about a minute later, merged per product.
   */
  definirEstoque(sku: string, body: EstoqueDefinirParams, options?: RequestOptions): ApiPromise<ProdutoEstoque> {
    return callOperation(this.transport, rows.sandboxProdutosDefinirEstoque, { sku, body }, options);
  }
}

/** Account simulator (`client.sandbox.conta`). */
export class SandboxConta extends Resource {
  /**
   * Resets the test account (POST /v1/sandbox/conta/resetar): deletes orders, customers, ledger entries
   * and the cart, and restores the profile record. Integrations, tokens and webhooks remain; no webhook is emitted.
   */
  resetar(options?: RequestOptions): ApiPromise<void> {
    return callOperation(this.transport, rows.sandboxContaResetar, {}, options);
  }
}

/**
 * The sandbox simulators: actions the supplier's staff perform in production. Sandbox tokens
 * (`svc_sbx_`) only; with a production token every call fails with InvalidInputError before sending.
 */
export class Sandbox {
  /** Order status, proof and tracking validation. */
  readonly pedidos: SandboxPedidos;
  /** Label status. */
  readonly etiquetas: SandboxEtiquetas;
  /** Ledger entries. */
  readonly financeiro: SandboxFinanceiro;
  /** Stock of a size. */
  readonly produtos: SandboxProdutos;
  /** Account reset. */
  readonly conta: SandboxConta;

  /** @internal */
  constructor(transport: Transport) {
    this.pedidos = new SandboxPedidos(transport);
    this.etiquetas = new SandboxEtiquetas(transport);
    this.financeiro = new SandboxFinanceiro(transport);
    this.produtos = new SandboxProdutos(transport);
    this.conta = new SandboxConta(transport);
  }
}

/** The sandbox's simulators: `client.sandbox` (this class), its sub-resources and parameters. */
export declare namespace Sandbox {
  export {
    type SandboxConta as SandboxConta,
    type SandboxEtiquetas as SandboxEtiquetas,
    type SandboxFinanceiro as SandboxFinanceiro,
    type SandboxPedidos as SandboxPedidos,
    type SandboxProdutos as SandboxProdutos,
    type EstoqueDefinirParams as EstoqueDefinirParams,
    type LancamentoCriarParams as LancamentoCriarParams,
    type StatusEtiquetaSimulavel as StatusEtiquetaSimulavel,
  };
}
