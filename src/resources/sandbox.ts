import { anexoSchema, type Anexo } from '../models/anexo.js';
import { STATUS_ETIQUETA_SIMULAVEL, STATUS_PEDIDO, type StatusEtiquetaSimulavel, type StatusPedido } from '../models/enums.js';
import { etiquetaSchema, type Etiqueta } from '../models/etiqueta.js';
import { lancamentoSchema, type Lancamento } from '../models/lancamento.js';
import { pedidoSchema, type Pedido } from '../models/pedido.js';
import { produtoEstoqueSchema, type ProdutoEstoque } from '../models/produto.js';
import { rastreioSchema, type Rastreio } from '../models/rastreio.js';
import type { MoneyInput } from '../money/index.js';
import type { ApiPromise } from '../transport/api-promise.js';
import type { Transport } from '../transport/transport.js';
import type { RequestOptions } from '../transport/request-options.js';
import { checkBody } from './body/checked-body.js';
import { money, nonEmptyString, nonNegativeInteger, oneOf, optional, stringUpTo } from './body/rules.js';
import { noContent } from './no-content.js';
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

const LANCAMENTO_RULES = { valor: money({ nonZero: true }), descricao: stringUpTo(200), pedidoId: optional(nonEmptyString) };
const ESTOQUE_RULES = { numeracao: nonEmptyString, estoque: nonNegativeInteger };

/** Order simulators (`client.sandbox.pedidos`). */
export class SandboxPedidos extends Resource {
  /**
   * Sets an order's status (POST /v1/sandbox/pedidos/{pedidoId}/status); emits pedido.status_alterado
   * unless the status is already that one. Any transition is accepted, backwards included.
   *
   * @param status one of the seven order states ({@link STATUS_PEDIDO}); anything else is refused before sending.
   */
  alterarStatus(pedidoId: string, status: StatusPedido, options?: RequestOptions): ApiPromise<Pedido> {
    return this.transport.call({ operation: 'sandbox.pedidos.alterarStatus', method: 'POST', route: '/v1/sandbox/pedidos/{pedidoId}/status', params: { pedidoId }, ...checkBody({ status }, { status: oneOf(STATUS_PEDIDO) }), schema: pedidoSchema(), options });
  }

  /** Validates a payment proof (POST /v1/sandbox/pedidos/{pedidoId}/anexos/{anexoId}/validar); emits pedido.comprovante_validado. */
  validarComprovante(pedidoId: string, anexoId: string, options?: RequestOptions): ApiPromise<Anexo> {
    return this.transport.call({ operation: 'sandbox.pedidos.validarComprovante', method: 'POST', route: '/v1/sandbox/pedidos/{pedidoId}/anexos/{anexoId}/validar', params: { pedidoId, anexoId }, schema: anexoSchema(), options });
  }

  /** Validates a tracking code (POST /v1/sandbox/pedidos/{pedidoId}/rastreios/{rastreioId}/validar); no webhook. */
  validarRastreio(pedidoId: string, rastreioId: string, options?: RequestOptions): ApiPromise<Rastreio> {
    return this.transport.call({ operation: 'sandbox.pedidos.validarRastreio', method: 'POST', route: '/v1/sandbox/pedidos/{pedidoId}/rastreios/{rastreioId}/validar', params: { pedidoId, rastreioId }, schema: rastreioSchema(), options });
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
    return this.transport.call({ operation: 'sandbox.etiquetas.alterarStatus', method: 'POST', route: '/v1/sandbox/etiquetas/{etiquetaId}/status', params: { etiquetaId }, ...checkBody({ status }, { status: oneOf(STATUS_ETIQUETA_SIMULAVEL) }), schema: etiquetaSchema(), options });
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
    return this.transport.call({ operation: 'sandbox.financeiro.criarLancamento', method: 'POST', route: '/v1/sandbox/financeiro/lancamentos', ...checkBody(body, LANCAMENTO_RULES), schema: lancamentoSchema(), options });
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
    return this.transport.call({ operation: 'sandbox.produtos.definirEstoque', method: 'PUT', route: '/v1/sandbox/produtos/{sku}/estoque', params: { sku }, ...checkBody(body, ESTOQUE_RULES), schema: produtoEstoqueSchema(), options });
  }
}

/** Account simulator (`client.sandbox.conta`). */
export class SandboxConta extends Resource {
  /**
   * Resets the test account (POST /v1/sandbox/conta/resetar): deletes orders, customers, ledger entries
   * and the cart, and restores the profile record. Integrations, tokens and webhooks remain; no webhook is emitted.
   */
  resetar(options?: RequestOptions): ApiPromise<void> {
    return this.transport.call({ operation: 'sandbox.conta.resetar', method: 'POST', route: '/v1/sandbox/conta/resetar', schema: noContent(), options });
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
