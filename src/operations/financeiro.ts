import { conexaoEtiquetasSchema, cotacaoEtiquetaSchema } from '../models/envio.js';
import { etiquetaSchema } from '../models/etiqueta.js';
import { saldoSchema } from '../models/financeiro.js';
import { lancamentoSchema } from '../models/lancamento.js';
import { etiquetaCotarBodySchema, etiquetaEmitirBodySchema } from '../models/requests/etiqueta.js';
import type { Operation } from './operation.js';
import { listRow, row } from './row.js';

/** @internal The balance, statement and shipping label rows, by operation: the resource methods call them by name. */
export const FINANCEIRO_ROWS = {
  financeiroSaldo: row({
    id: 'financeiro.saldo',
    method: 'GET',
    route: '/v1/financeiro/saldo',
    source: 'stated',
    summary: "The partner's balance.",
    description: "Reads the partner's balance (credits minus debits) as a money string. Needs the `financeiro:ler` permission.",
    response: saldoSchema,
  }),
  financeiroExtrato: listRow({
    id: 'financeiro.extrato',
    route: '/v1/financeiro/extrato',
    source: 'stated',
    summary: 'The statement of credits and debits, page by page; a positive `valor` is a credit.',
    description: 'Lists the ledger entries in the Ledger entry shape, page by page; a positive `valor` is a credit, a negative one a debit. Needs the `financeiro:ler` permission.',
    item: lancamentoSchema,
  }),
  etiquetasConexao: row({
    id: 'etiquetas.conexao',
    method: 'GET',
    route: '/v1/label-provider',
    source: 'stated',
    summary: 'State of the connection to the label provider in this environment.',
    description: 'Reads whether the partner has a label-provider account connected in this environment. Without one, quotes and labels answer 400 LABEL_PROVIDER_NOT_CONNECTED.',
    response: conexaoEtiquetasSchema,
  }),
  etiquetasCotar: row({
    id: 'etiquetas.cotar',
    method: 'POST',
    route: '/v1/etiquetas/cotacoes',
    source: 'inferred',
    summary: 'Quotes a label; nothing is issued or paid.',
    description: 'Quotes the shipping options of an order; nothing is issued or paid. Answers 400 LABEL_PROVIDER_NOT_CONNECTED without a connected provider.',
    // A POST that creates nothing: a quote computed from the body, so a read.
    access: 'read',
    body: etiquetaCotarBodySchema,
    response: cotacaoEtiquetaSchema,
  }),
  etiquetasEmitir: row({
    id: 'etiquetas.emitir',
    method: 'POST',
    route: '/v1/etiquetas',
    source: 'inferred',
    summary: 'Issues and pays a label; always with an Idempotency-Key.',
    description: 'Issues and pays a label for an order with the chosen service; the Idempotency-Key is required, so a retry never pays twice. Answers 400 SALE_VALUE_REQUIRED when an item has no sale value and 400 LABEL_PROVIDER_NOT_CONNECTED without a provider.',
    statuses: [200, 201],
    idempotency: true,
    body: etiquetaEmitirBodySchema,
    response: etiquetaSchema,
  }),
  etiquetasListar: listRow({
    id: 'etiquetas.listar',
    route: '/v1/etiquetas',
    source: 'inferred',
    summary: 'Lists the labels, page by page.',
    description: "Lists the partner's labels with their status and timestamps, page by page. Needs the `etiquetas:ler` permission.",
    item: etiquetaSchema,
  }),
  etiquetasCancelar: row({
    id: 'etiquetas.cancelar',
    method: 'POST',
    route: '/v1/etiquetas/{id}/cancelar',
    source: 'inferred',
    summary: 'Cancels a label, which is kept in a cancelled state.',
    description: 'Cancels a label; it is kept, in the cancelled state, and etiqueta.status_alterado is emitted. The local sandbox answers 409 CONFLITO for a label already cancelled.',
    response: etiquetaSchema,
  }),
};

/** @internal The balance, statement and shipping label rows. */
export const FINANCEIRO_OPERATIONS: readonly Operation[] = Object.values(FINANCEIRO_ROWS);
