import type { FINANCEIRO_ROWS } from '../financeiro.js';
import type { OperationProse } from './operation-prose.js';

/** @internal What the document, the MCP tools and the docs say of each row of ../financeiro.ts, by the same names. */
export const FINANCEIRO_PROSE = {
  financeiroSaldo: {
    summary: "The partner's balance.",
    description: "Reads the partner's balance (credits minus debits) as a money string. Needs the `financeiro:ler` permission.",
  },
  financeiroExtrato: {
    summary: 'The statement of credits and debits, page by page; a positive `valor` is a credit.',
    description: 'Lists the ledger entries in the Ledger entry shape, page by page; a positive `valor` is a credit, a negative one a debit. Needs the `financeiro:ler` permission.',
  },
  etiquetasConexao: {
    summary: 'State of the connection to the label provider in this environment.',
    description: 'Reads whether the partner has a label-provider account connected in this environment. Without one, quotes and labels answer 400 LABEL_PROVIDER_NOT_CONNECTED.',
  },
  etiquetasCotar: {
    summary: 'Quotes a label; nothing is issued or paid.',
    description: 'Quotes the shipping options of an order; nothing is issued or paid. Answers 400 LABEL_PROVIDER_NOT_CONNECTED without a connected provider.',
  },
  etiquetasEmitir: {
    summary: 'Issues and pays a label; always with an Idempotency-Key.',
    description:
      'Issues and pays a label for an order with the chosen service; the Idempotency-Key is required, so a retry never pays twice. Answers 400 SALE_VALUE_REQUIRED when an item has no sale value and 400 LABEL_PROVIDER_NOT_CONNECTED without a provider.',
  },
  etiquetasListar: {
    summary: 'Lists the labels, page by page.',
    description: "Lists the partner's labels with their status and timestamps, page by page. Needs the `etiquetas:ler` permission.",
  },
  etiquetasCancelar: {
    summary: 'Cancels a label, which is kept in a cancelled state.',
    description: 'Cancels a label; it is kept, in the cancelled state, and etiqueta.status_alterado is emitted. The local sandbox answers 409 CONFLITO for a label already cancelled.',
  },
} satisfies Record<keyof typeof FINANCEIRO_ROWS, OperationProse>;
