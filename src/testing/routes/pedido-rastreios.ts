import { jsonObject, Problems } from '../core/body.js';
import { created, noContent, type RouteContext, type RouteResult } from '../core/context.js';
import { conflito, naoEncontrado } from '../core/fake-error.js';
import { route, type RouteDefinition } from '../core/router.js';
import { toBrasilia } from '../core/timestamp.js';
import { findPedido, touch } from '../domain/pedidos.js';
import { pedidoResumo, type PedidoRecord, type RastreioRecord } from '../state/records.js';

/** Tracking codes of an order: add (pedido.rastreio_adicionado) and remove (refused once validated). */
export const pedidoRastreiosRoutes: readonly RouteDefinition[] = [
  route('POST /v1/pedidos/:pedidoId/rastreios', adicionar, { write: 'pedidos' }),
  route('DELETE /v1/pedidos/:pedidoId/rastreios/:rastreioId', remover, { write: 'pedidos' }),
];

/** The tracking code `rastreioId` of the order; 404 NAO_ENCONTRADO when missing. */
export function findRastreio(pedido: PedidoRecord, rastreioId: string): RastreioRecord {
  const rastreio = pedido.rastreios.find((r) => r.id === rastreioId);
  if (!rastreio) throw naoEncontrado('Rastreio');
  return rastreio;
}

function adicionar(context: RouteContext): RouteResult {
  const pedido = findPedido(context.account, context.params.pedidoId!);
  const body = jsonObject(context);
  const problems = new Problems();
  const codigo = problems.string(body.codigo, 'codigo');
  const transportadora = problems.string(body.transportadora, 'transportadora');
  problems.throwIfAny();
  if (pedido.rastreios.some((r) => r.codigo === codigo)) throw conflito('Este código de rastreio já está no pedido.');
  const rastreio: RastreioRecord = {
    id: context.account.ids.next('rst'),
    codigo: codigo!,
    transportadora: transportadora!,
    validado: false,
    cadastradoPeloParceiro: true,
    criadoEm: toBrasilia(context.now),
  };
  pedido.rastreios.push(rastreio);
  touch(pedido, context.now);
  context.emit('pedido.rastreio_adicionado', { pedido: pedidoResumo(pedido), rastreio });
  return created(rastreio);
}

function remover(context: RouteContext): RouteResult {
  const pedido = findPedido(context.account, context.params.pedidoId!);
  const rastreio = findRastreio(pedido, context.params.rastreioId!);
  if (rastreio.validado) throw conflito('Um rastreio validado não pode ser removido.');
  pedido.rastreios.splice(pedido.rastreios.indexOf(rastreio), 1);
  touch(pedido, context.now);
  return noContent();
}
