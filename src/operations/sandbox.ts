import { anexoSchema } from '../models/anexo.js';
import { etiquetaSchema } from '../models/etiqueta.js';
import { lancamentoSchema } from '../models/lancamento.js';
import { pedidoSchema } from '../models/pedido.js';
import { produtoEstoqueSchema } from '../models/produto.js';
import { rastreioSchema } from '../models/rastreio.js';
import { estoqueDefinirBodySchema, lancamentoCriarBodySchema, statusEtiquetaBodySchema, statusPedidoBodySchema } from '../models/requests/sandbox.js';
import type { Operation } from './operation.js';
import { row } from './row.js';

// Every route here is under /v1/sandbox/, so `row` marks each sandbox-only: the SDK refuses them with a
// production token before sending.

/** @internal The sandbox simulators' rows, by operation: the resource methods call them by name. */
export const SANDBOX_ROWS = {
  sandboxPedidosAlterarStatus: row({
    id: 'sandbox.pedidos.alterarStatus',
    method: 'POST',
    route: '/v1/sandbox/pedidos/{pedidoId}/status',
    source: 'stated',
    summary: "Sets an order's status (any transition); emits pedido.status_alterado.",
    description: 'Sandbox only: moves an order to any of the seven states, backwards included, and emits pedido.status_alterado. An unknown status answers 400 VALIDACAO, an unknown order 404 NAO_ENCONTRADO.',
    body: statusPedidoBodySchema,
    response: pedidoSchema,
    fields: () => statusPedidoBodySchema().shape,
  }),
  sandboxPedidosValidarComprovante: row({
    id: 'sandbox.pedidos.validarComprovante',
    method: 'POST',
    route: '/v1/sandbox/pedidos/{pedidoId}/anexos/{anexoId}/validar',
    source: 'stated',
    summary: 'Validates a payment proof; emits pedido.comprovante_validado.',
    description: 'Sandbox only: validates a payment proof as the supplier would and emits pedido.comprovante_validado. Only an attachment of tipo COMPROVANTE can be validated; another kind answers 400.',
    response: anexoSchema,
  }),
  sandboxPedidosValidarRastreio: row({
    id: 'sandbox.pedidos.validarRastreio',
    method: 'POST',
    route: '/v1/sandbox/pedidos/{pedidoId}/rastreios/{rastreioId}/validar',
    source: 'stated',
    summary: 'Validates a tracking code; no webhook.',
    description: 'Sandbox only: validates a tracking code as the supplier would, after which the partner cannot remove it. No webhook is sent.',
    response: rastreioSchema,
  }),
  sandboxEtiquetasAlterarStatus: row({
    id: 'sandbox.etiquetas.alterarStatus',
    method: 'POST',
    route: '/v1/sandbox/etiquetas/{etiquetaId}/status',
    source: 'stated',
    summary: "Sets a label's status to IMPRESSA or DESPACHADA; emits etiqueta.status_alterado.",
    description: "Sandbox only: sets a label's status to IMPRESSA or DESPACHADA and emits etiqueta.status_alterado. Cancelling is not simulated: use the cancel operation.",
    body: statusEtiquetaBodySchema,
    response: etiquetaSchema,
    fields: () => statusEtiquetaBodySchema().shape,
  }),
  sandboxFinanceiroCriarLancamento: row({
    id: 'sandbox.financeiro.criarLancamento',
    method: 'POST',
    route: '/v1/sandbox/financeiro/lancamentos',
    source: 'stated',
    summary: 'Creates a ledger entry (credit or debit); emits financeiro.lancamento_criado.',
    description: 'Sandbox only: creates a ledger entry (positive `valor` a credit, negative a debit) and emits financeiro.lancamento_criado. A zero `valor` answers 400 VALIDACAO.',
    statuses: [201],
    body: lancamentoCriarBodySchema,
    response: lancamentoSchema,

  }),
  sandboxProdutosDefinirEstoque: row({
    id: 'sandbox.produtos.definirEstoque',
    method: 'PUT',
    route: '/v1/sandbox/produtos/{sku}/estoque',
    source: 'stated',
    summary: 'Sets the stock of one size; produto.estoque_atualizado follows about a minute later.',
    description: 'Sandbox only: sets the stock of one size of a product; produto.estoque_atualizado follows about a minute later. A size the product does not have answers 400 VALIDACAO.',
    body: estoqueDefinirBodySchema,
    response: produtoEstoqueSchema,
  }),
  sandboxContaResetar: row({
    id: 'sandbox.conta.resetar',
    method: 'POST',
    route: '/v1/sandbox/conta/resetar',
    source: 'stated',
    summary: 'Resets the test account: orders, customers, ledger entries and cart are deleted.',
    description: "Sandbox only: deletes the test account's orders, customers, ledger entries and cart, and cannot be undone. Answers 204 with no body.",
  }),
};

/** @internal The sandbox simulators' rows. */
export const SANDBOX_OPERATIONS: readonly Operation[] = Object.values(SANDBOX_ROWS);
