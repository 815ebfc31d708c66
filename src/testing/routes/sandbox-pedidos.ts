import { jsonObject } from '../core/body.js';
import { ok, type RouteContext, type RouteResult } from '../core/context.js';
import { conflito, validacao } from '../core/fake-error.js';
import { route, type RouteDefinition } from '../core/router.js';
import { findPedido, touch } from '../domain/pedidos.js';
import { pedidoDetalhe, pedidoResumo } from '../state/records.js';
import { isStatusPedido, STATUS_PEDIDO_SPEC } from '../state/status-pedido.js';
import { findAnexo, temComprovanteValidado } from './pedido-anexos.js';
import { findRastreio } from './pedido-rastreios.js';

/** Order simulators: status, proof validation, tracking validation. Any sandbox token, whatever its permissions. */
export const sandboxPedidosRoutes: readonly RouteDefinition[] = [
  route('POST /v1/sandbox/pedidos/:pedidoId/status', alterarStatus),
  route('POST /v1/sandbox/pedidos/:pedidoId/anexos/:anexoId/validar', validarComprovante),
  route('POST /v1/sandbox/pedidos/:pedidoId/rastreios/:rastreioId/validar', validarRastreio),
];

/** Any of the seven states, backwards included; the same status changes nothing and emits nothing. */
function alterarStatus(context: RouteContext): RouteResult {
  const pedido = findPedido(context.account, context.params.pedidoId!);
  const { status } = jsonObject(context);
  if (!isStatusPedido(status)) throw validacao([{ campo: 'status', mensagem: `deve ser um de ${STATUS_PEDIDO_SPEC.join(', ')}` }]);
  if (status !== pedido.status) {
    const statusAnterior = pedido.status;
    pedido.status = status;
    touch(pedido, context.now);
    context.emit('pedido.status_alterado', { pedido: { ...pedidoResumo(pedido), statusAnterior } });
  }
  return ok(pedidoDetalhe(pedido));
}

/**
 * Validates a COMPROVANTE (pedido.comprovante_validado; the order status does not change). Another
 * kind of attachment: 400 VALIDACAO naming `tipo` (the spec says 400 without a code). An order whose
 * other proof is already validated accepts no other: 409 CONFLITO. Validating twice emits once.
 */
function validarComprovante(context: RouteContext): RouteResult {
  const pedido = findPedido(context.account, context.params.pedidoId!);
  const anexo = findAnexo(pedido, context.params.anexoId!);
  if (anexo.tipo !== 'COMPROVANTE') throw validacao([{ campo: 'tipo', mensagem: `só anexos do tipo COMPROVANTE são validados (este é ${anexo.tipo})` }]);
  if (anexo.validado) return ok(anexo);
  if (temComprovanteValidado(pedido)) throw conflito('Outro comprovante deste pedido já foi validado.');
  anexo.validado = true;
  touch(pedido, context.now);
  context.emit('pedido.comprovante_validado', { pedido: pedidoResumo(pedido), anexo });
  return ok(anexo);
}

/** Validates a tracking code; no webhook (spec). After it the partner can no longer remove the code. */
function validarRastreio(context: RouteContext): RouteResult {
  const pedido = findPedido(context.account, context.params.pedidoId!);
  const rastreio = findRastreio(pedido, context.params.rastreioId!);
  if (!rastreio.validado) {
    rastreio.validado = true;
    touch(pedido, context.now);
  }
  return ok(rastreio);
}
