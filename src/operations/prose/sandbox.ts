import type { SANDBOX_ROWS } from '../sandbox.js';
import type { OperationProse } from './operation-prose.js';

/** @internal What the document, the MCP tools and the docs say of each row of ../sandbox.ts, by the same names. */
export const SANDBOX_PROSE = {
  sandboxPedidosAlterarStatus: {
    summary: "Sets an order's status (any transition); emits pedido.status_alterado.",
    description:
      'Sandbox only: moves an order to any of the seven states, backwards included, and emits pedido.status_alterado. An unknown status answers 400 VALIDACAO, an unknown order 404 NAO_ENCONTRADO.',
  },
  sandboxPedidosValidarComprovante: {
    summary: 'Validates a payment proof; emits pedido.comprovante_validado.',
    description:
      'Sandbox only: validates a payment proof as the supplier would and emits pedido.comprovante_validado. Only an attachment of tipo COMPROVANTE can be validated; another kind answers 400.',
  },
  sandboxPedidosValidarRastreio: {
    summary: 'Validates a tracking code; no webhook.',
    description: 'Sandbox only: validates a tracking code as the supplier would, after which the partner cannot remove it. No webhook is sent.',
  },
  sandboxEtiquetasAlterarStatus: {
    summary: "Sets a label's status to IMPRESSA or DESPACHADA; emits etiqueta.status_alterado.",
    description: "Sandbox only: sets a label's status to IMPRESSA or DESPACHADA and emits etiqueta.status_alterado. Cancelling is not simulated: use the cancel operation.",
  },
  sandboxFinanceiroCriarLancamento: {
    summary: 'Creates a ledger entry (credit or debit); emits financeiro.lancamento_criado.',
    description: 'Sandbox only: creates a ledger entry (positive `valor` a credit, negative a debit) and emits financeiro.lancamento_criado. A zero `valor` answers 400 VALIDACAO.',
  },
  sandboxProdutosDefinirEstoque: {
    summary: 'Sets the stock of one size; produto.estoque_atualizado follows about a minute later.',
    description: 'Sandbox only: sets the stock of one size of a product; produto.estoque_atualizado follows about a minute later. A size the product does not have answers 400 VALIDACAO.',
  },
  sandboxContaResetar: {
    summary: 'Resets the test account: orders, customers, ledger entries and cart are deleted.',
    description: "Sandbox only: deletes the test account's orders, customers, ledger entries and cart, and cannot be undone. Answers 204 with no body.",
  },
} satisfies Record<keyof typeof SANDBOX_ROWS, OperationProse>;
