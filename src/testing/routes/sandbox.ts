import { jsonObject, Problems } from '../core/body.js';
import { created, noContent, ok, type RouteContext, type RouteResult } from '../core/context.js';
import { naoEncontrado, validacao } from '../core/fake-error.js';
import { readMoney, wireMoney } from '../core/money.js';
import { route, type RouteDefinition } from '../core/router.js';
import { toBrasilia } from '../core/timestamp.js';
import { findPedido } from '../domain/pedidos.js';
import { pedidoRef, type LancamentoRecord } from '../state/records.js';
import { alterarStatusEtiqueta } from './etiquetas.js';

/** The other simulators: label status, ledger entry, stock of a size, account reset. No permission needed. */
export const sandboxRoutes: readonly RouteDefinition[] = [
  route('POST /v1/sandbox/etiquetas/:etiquetaId/status', simularStatusEtiqueta),
  route('POST /v1/sandbox/financeiro/lancamentos', criarLancamento),
  route('PUT /v1/sandbox/produtos/:sku/estoque', definirEstoque),
  route('POST /v1/sandbox/conta/resetar', resetar),
];

function simularStatusEtiqueta(context: RouteContext): RouteResult {
  const { status } = jsonObject(context);
  if (status !== 'IMPRESSA' && status !== 'DESPACHADA') throw validacao([{ campo: 'status', mensagem: 'deve ser IMPRESSA ou DESPACHADA (cancelar é POST /v1/etiquetas/{id}/cancelar)' }]);
  return ok(alterarStatusEtiqueta(context, context.params.etiquetaId!, status));
}

/**
 * `{ valor, descricao, pedidoId? }`: `valor` a money string, positive credit (tipo CREDITO) or negative
 * debit (tipo DEBITO, the fake's name: the spec does not show it), zero refused; `descricao` up to 200
 * characters; `pedidoId` an order of this account (else 404). 201 and financeiro.lancamento_criado.
 */
function criarLancamento(context: RouteContext): RouteResult {
  const body = jsonObject(context);
  const problems = new Problems();
  const valor = readMoney(body.valor);
  if (valor === undefined) problems.add('valor', 'deve ser um valor em texto com duas casas, como "129.90" ou "-5.00"');
  else if (valor === 0n) problems.add('valor', 'não pode ser zero');
  const descricao = problems.string(body.descricao, 'descricao', { max: 200 });
  const pedidoId = problems.string(body.pedidoId, 'pedidoId', { optional: true });
  problems.throwIfAny();
  const pedido = pedidoId === undefined ? undefined : findPedido(context.account, pedidoId);
  const lancamento: LancamentoRecord = {
    id: context.account.ids.next('lan'),
    tipo: valor! < 0n ? 'DEBITO' : 'CREDITO',
    valor: wireMoney(valor!),
    descricao: descricao!,
    ...(pedido ? { pedido: pedidoRef(pedido) } : {}),
    criadoEm: toBrasilia(context.now),
  };
  context.account.lancamentos.set(lancamento.id, lancamento);
  context.emit('financeiro.lancamento_criado', { lancamento });
  return created(lancamento);
}

/**
 * `{ numeracao, estoque }` on the shared catalog; the size must exist (else 400 VALIDACAO), the
 * product too (else 404). The notice follows after the configured delay, merged per product; writing
 * the current value changes nothing and notifies nothing.
 */
function definirEstoque(context: RouteContext): RouteResult {
  const { catalog } = context.state;
  const sku = context.params.sku!;
  if (!catalog.get(sku)) throw naoEncontrado('Produto');
  const body = jsonObject(context);
  const problems = new Problems();
  const numeracao = problems.string(body.numeracao, 'numeracao');
  const estoque = problems.integer(body.estoque, 'estoque', 0);
  if (numeracao !== undefined && !catalog.numeracao(sku, numeracao)) problems.add('numeracao', `o produto ${sku} não tem a numeração ${numeracao}`);
  problems.throwIfAny();
  if (catalog.setEstoque(sku, numeracao!, estoque!, context.now)) context.stockChanged(sku);
  return ok(catalog.estoque(sku));
}

/** 204: orders, customers and ledger gone, profile restored; no webhook at all (no cliente.removido). */
function resetar(context: RouteContext): RouteResult {
  context.account.reset();
  return noContent();
}
