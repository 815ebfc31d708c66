import { centsOf, wireMoney } from '../core/money.js';
import type { PedidoRecord } from '../state/records.js';

/** A shipping service of the fictitious label provider. */
export interface Servico {
  readonly id: number;
  readonly nome: string;
  readonly transportadora: string;
  /** Base price plus a price per pair, in wire money. */
  readonly base: string;
  readonly porPar: string;
  readonly prazoDias: number;
}

/** The services the fake quotes; the spec shows only `servico: { id, nome }` and `transportadora` of a label. */
export const SERVICOS: readonly Servico[] = [
  { id: 1, nome: 'PAC', transportadora: 'Correios', base: '18.90', porPar: '1.50', prazoDias: 8 },
  { id: 2, nome: 'SEDEX', transportadora: 'Correios', base: '29.90', porPar: '2.50', prazoDias: 3 },
  { id: 3, nome: 'Expresso', transportadora: 'Jadlog', base: '24.50', porPar: '2.00', prazoDias: 5 },
];

/** The price of sending `pedido` by `servico`: base + per pair × pairs. */
export function valorEnvio(servico: Servico, pedido: PedidoRecord): string {
  const pares = pedido.itens.reduce((n, i) => n + i.quantidade, 0);
  return wireMoney(centsOf(servico.base) + centsOf(servico.porPar) * BigInt(pares));
}
