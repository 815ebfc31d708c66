import { created, noContent, type RouteContext, type RouteResult } from '../core/context.js';
import { conflito, naoEncontrado } from '../core/fake-error.js';
import { readUpload } from '../core/multipart.js';
import { route, type RouteDefinition } from '../core/router.js';
import { toBrasilia } from '../core/timestamp.js';
import { findPedido, touch } from '../domain/pedidos.js';
import type { AnexoRecord, PedidoRecord } from '../state/records.js';

/** Attachments of an order (payment proofs): upload (multipart, checked by content) and removal. */
export const pedidoAnexosRoutes: readonly RouteDefinition[] = [
  route('POST /v1/pedidos/:pedidoId/anexos', enviar, { write: 'pedidos' }),
  route('DELETE /v1/pedidos/:pedidoId/anexos/:anexoId', remover, { write: 'pedidos' }),
];

/** True when the order has a validated proof: it then accepts no other proof. */
export function temComprovanteValidado(pedido: PedidoRecord): boolean {
  return pedido.anexos.some((a) => a.tipo === 'COMPROVANTE' && a.validado);
}

/** The attachment `anexoId` of the order; 404 NAO_ENCONTRADO when missing. */
export function findAnexo(pedido: PedidoRecord, anexoId: string): AnexoRecord {
  const anexo = pedido.anexos.find((a) => a.id === anexoId);
  if (!anexo) throw naoEncontrado('Anexo');
  return anexo;
}

async function enviar(context: RouteContext): Promise<RouteResult> {
  const pedido = findPedido(context.account, context.params.pedidoId!);
  const upload = await readUpload(context);
  const tipo = upload.fields.tipo?.trim() || 'COMPROVANTE';
  if (tipo === 'COMPROVANTE' && temComprovanteValidado(pedido)) throw conflito('O comprovante deste pedido já foi validado; o pedido não aceita outro.');
  const anexo: AnexoRecord = {
    id: context.account.ids.next('anx'),
    tipo,
    nomeArquivo: upload.nomeArquivo,
    tipoArquivo: upload.tipoArquivo,
    tamanhoBytes: upload.tamanhoBytes,
    validado: false,
    enviadoPeloParceiro: true,
    criadoEm: toBrasilia(context.now),
  };
  pedido.anexos.push(anexo);
  touch(pedido, context.now);
  return created(anexo);
}

function remover(context: RouteContext): RouteResult {
  const pedido = findPedido(context.account, context.params.pedidoId!);
  const anexo = findAnexo(pedido, context.params.anexoId!);
  if (anexo.validado) throw conflito('Um comprovante validado não pode ser removido.');
  pedido.anexos.splice(pedido.anexos.indexOf(anexo), 1);
  touch(pedido, context.now);
  return noContent();
}
