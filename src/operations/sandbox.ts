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
    body: statusPedidoBodySchema,
    response: pedidoSchema,
    fields: () => statusPedidoBodySchema().shape,
  }),
  sandboxPedidosValidarComprovante: row({
    id: 'sandbox.pedidos.validarComprovante',
    method: 'POST',
    route: '/v1/sandbox/pedidos/{pedidoId}/anexos/{anexoId}/validar',
    source: 'stated',
    response: anexoSchema,
  }),
  sandboxPedidosValidarRastreio: row({
    id: 'sandbox.pedidos.validarRastreio',
    method: 'POST',
    route: '/v1/sandbox/pedidos/{pedidoId}/rastreios/{rastreioId}/validar',
    source: 'stated',
    response: rastreioSchema,
  }),
  sandboxEtiquetasAlterarStatus: row({
    id: 'sandbox.etiquetas.alterarStatus',
    method: 'POST',
    route: '/v1/sandbox/etiquetas/{etiquetaId}/status',
    source: 'stated',
    body: statusEtiquetaBodySchema,
    response: etiquetaSchema,
    fields: () => statusEtiquetaBodySchema().shape,
  }),
  sandboxFinanceiroCriarLancamento: row({
    id: 'sandbox.financeiro.criarLancamento',
    method: 'POST',
    route: '/v1/sandbox/financeiro/lancamentos',
    source: 'stated',
    statuses: [201],
    body: lancamentoCriarBodySchema,
    response: lancamentoSchema,
  }),
  sandboxProdutosDefinirEstoque: row({
    id: 'sandbox.produtos.definirEstoque',
    method: 'PUT',
    route: '/v1/sandbox/produtos/{sku}/estoque',
    source: 'stated',
    body: estoqueDefinirBodySchema,
    response: produtoEstoqueSchema,
  }),
  sandboxContaResetar: row({
    id: 'sandbox.conta.resetar',
    method: 'POST',
    route: '/v1/sandbox/conta/resetar',
    source: 'stated',
  }),
};

/** @internal The sandbox simulators' rows. */
export const SANDBOX_OPERATIONS: readonly Operation[] = Object.values(SANDBOX_ROWS);
