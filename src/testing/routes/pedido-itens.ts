import { jsonObject, Problems } from '../core/body.js';
import { created, noContent, ok, type RouteContext, type RouteResult } from '../core/context.js';
import { naoEncontrado } from '../core/fake-error.js';
import { readMoney, wireMoney } from '../core/money.js';
import { route, type RouteDefinition } from '../core/router.js';
import { toBrasilia } from '../core/timestamp.js';
import { findPedido, touch } from '../domain/pedidos.js';
import type { DespesaRecord } from '../state/records.js';

/** Sale value of an item (needed by labels) and expenses of an order. */
export const pedidoItensRoutes: readonly RouteDefinition[] = [
  route('PATCH /v1/pedidos/:pedidoId/itens/:itemId/valor-venda', definirValorVenda, { write: 'pedidos' }),
  route('POST /v1/pedidos/:pedidoId/despesas', adicionarDespesa, { write: 'pedidos' }),
  route('DELETE /v1/pedidos/:pedidoId/despesas/:despesaId', removerDespesa, { write: 'pedidos' }),
];

/** Body `{ valor }`, a money string above zero; answers the item. */
function definirValorVenda(context: RouteContext): RouteResult {
  const pedido = findPedido(context.account, context.params.pedidoId!);
  const item = pedido.itens.find((i) => i.id === context.params.itemId);
  if (!item) throw naoEncontrado('Item');
  const valor = readMoney(jsonObject(context).valor);
  const problems = new Problems();
  if (valor === undefined || valor <= 0n) problems.add('valor', 'deve ser um valor em texto maior que zero, como "129.90"');
  problems.throwIfAny();
  item.valorVenda = wireMoney(valor!);
  touch(pedido, context.now);
  return ok(item);
}

/** The spec shows no expense field: every field sent is kept; `valor`, when sent, must be a money string. */
function adicionarDespesa(context: RouteContext): RouteResult {
  const pedido = findPedido(context.account, context.params.pedidoId!);
  const { id: _id, criadoEm: _criadoEm, ...campos } = jsonObject(context);
  const problems = new Problems();
  if (campos.valor !== undefined && readMoney(campos.valor) === undefined) problems.add('valor', 'deve ser um valor em texto com duas casas, como "12.50"');
  problems.throwIfAny();
  const despesa: DespesaRecord = { id: context.account.ids.next('dsp'), ...campos, criadoEm: toBrasilia(context.now) };
  pedido.despesas.push(despesa);
  touch(pedido, context.now);
  return created(despesa);
}

function removerDespesa(context: RouteContext): RouteResult {
  const pedido = findPedido(context.account, context.params.pedidoId!);
  const index = pedido.despesas.findIndex((d) => d.id === context.params.despesaId);
  if (index < 0) throw naoEncontrado('Despesa');
  pedido.despesas.splice(index, 1);
  touch(pedido, context.now);
  return noContent();
}
