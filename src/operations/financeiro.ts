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
    response: saldoSchema,
  }),
  financeiroExtrato: listRow({
    id: 'financeiro.extrato',
    route: '/v1/financeiro/extrato',
    source: 'stated',
    item: lancamentoSchema,
  }),
  etiquetasConexao: row({
    id: 'etiquetas.conexao',
    method: 'GET',
    route: '/v1/label-provider',
    source: 'stated',
    response: conexaoEtiquetasSchema,
  }),
  etiquetasCotar: row({
    id: 'etiquetas.cotar',
    method: 'POST',
    route: '/v1/etiquetas/cotacoes',
    source: 'inferred',
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
    statuses: [200, 201],
    idempotency: true,
    body: etiquetaEmitirBodySchema,
    response: etiquetaSchema,
  }),
  etiquetasListar: listRow({
    id: 'etiquetas.listar',
    route: '/v1/etiquetas',
    source: 'inferred',
    item: etiquetaSchema,
  }),
  etiquetasCancelar: row({
    id: 'etiquetas.cancelar',
    method: 'POST',
    route: '/v1/etiquetas/{id}/cancelar',
    source: 'inferred',
    response: etiquetaSchema,
  }),
};

/** @internal The balance, statement and shipping label rows. */
export const FINANCEIRO_OPERATIONS: readonly Operation[] = Object.values(FINANCEIRO_ROWS);
