// The records each test account holds, in the wire shape the API answers (money as "129.90" strings,
// timestamps with -03:00): the spec's records as the kit reads them itself (../wire/records.ts), plus
// the order detail the spec does not show, which is the kit's reading and is listed in docs/testing.md.
import type { AnexoWire, ClienteResumoWire, ClienteWire, EtiquetaWire, LancamentoWire, PedidoRefWire, PedidoResumoWire, RastreioWire } from '../wire/records.js';

export type { PedidoResumoWire };

/** `{ id, numero }` of the order a record belongs to. */
export type PedidoRef = PedidoRefWire;

/** An item of an order, as the fake answers it. */
export type PedidoItemRecord = {
  id: string;
  sku: string;
  numeracao: string;
  skuVariacao: string;
  titulo: string;
  quantidade: number;
  precoAtacado: string;
  subtotal: string;
  /** Sale value to the end customer; labels need it (SALE_VALUE_REQUIRED). */
  valorVenda: string | null;
};

/** An attachment (the spec's Attachment shape). */
export type AnexoRecord = AnexoWire;

/** A tracking code (the spec's shape). */
export type RastreioRecord = RastreioWire;

/** An expense of an order: the fields sent, plus `id` and `criadoEm`. */
export type DespesaRecord = { id: string; criadoEm: string; [campo: string]: unknown };

/** An order with its detail. */
export type PedidoRecord = PedidoResumoWire & {
  cliente: { id: string; nome: string } | null;
  itens: PedidoItemRecord[];
  rastreios: RastreioRecord[];
  anexos: AnexoRecord[];
  despesas: DespesaRecord[];
};

/** A customer: `id`, the fields sent (`nome`, `whatsapp`, `endereco`...), and the timestamps. */
export type ClienteRecord = ClienteWire;

/** A ledger entry (the spec's shape). */
export type LancamentoRecord = LancamentoWire;

/** A shipping label (the spec's shape, `statusAnterior` only in events). */
export type EtiquetaRecord = EtiquetaWire;

/** The order summary: only the fields the spec lists (rule 5: no items, recipient, tracking or attachments). */
export function pedidoResumo(pedido: PedidoRecord): PedidoResumoWire {
  const { id, numero, status, total, origem, referenciaExterna, enviarPara, criadoEm, atualizadoEm } = pedido;
  return { id, numero, status, total, origem, ...(referenciaExterna === undefined ? {} : { referenciaExterna }), enviarPara, criadoEm, atualizadoEm };
}

/** The order detail (GET /v1/pedidos/{id}, creation, simulators): the summary, then the detail lists. */
export function pedidoDetalhe(pedido: PedidoRecord): Record<string, unknown> {
  const { cliente, itens, rastreios, anexos, despesas } = pedido;
  return { ...pedidoResumo(pedido), cliente, itens, rastreios, anexos, despesas };
}

/** The customer summary of events (no contact, no address: rule 7). */
export function clienteResumo(cliente: ClienteRecord): ClienteResumoWire {
  return { id: cliente.id, nome: cliente.nome, criadoEm: cliente.criadoEm, atualizadoEm: cliente.atualizadoEm };
}

/** `{ id, numero }` of an order. */
export function pedidoRef(pedido: PedidoRecord): PedidoRef {
  return { id: pedido.id, numero: pedido.numero };
}
