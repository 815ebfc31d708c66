import { naoEncontrado } from '../core/fake-error.js';
import { toBrasilia } from '../core/timestamp.js';
import type { Account } from '../state/account.js';
import type { PedidoRecord } from '../state/records.js';

/** The order `id` of this account; one of another account is as missing as one that never existed (404 NAO_ENCONTRADO). */
export function findPedido(account: Account, id: string): PedidoRecord {
  const pedido = account.pedidos.get(id);
  if (!pedido) throw naoEncontrado('Pedido');
  return pedido;
}

/** Stamps `atualizadoEm` after a change to the order or its detail. */
export function touch(pedido: PedidoRecord, now: Date): void {
  pedido.atualizadoEm = toBrasilia(now);
}
