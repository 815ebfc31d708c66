// The records each test account holds, in the wire shape the API answers (money as "129.90" strings,
// timestamps with -03:00): the input side of the SDK's shared models, so the fake, the API responses
// and the webhook payloads have one definition each. Fields the spec does not show are the fake's
// reading and are listed in docs/testing.md.
import type * as z from 'zod/mini';
import type { anexoSchema } from '../../models/anexo.js';
import type { clienteResumoSchema } from '../../models/cliente.js';
import type { etiquetaSchema, pedidoRefSchema } from '../../models/etiqueta.js';
import type { lancamentoSchema } from '../../models/lancamento.js';
import type { pedidoResumoSchema } from '../../models/pedido.js';
import type { rastreioSchema } from '../../models/rastreio.js';


/** `{ id, numero }` of the order a record belongs to. */
export type PedidoRef = z.input<typeof pedidoRefSchema>;

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
export type AnexoRecord = z.input<typeof anexoSchema>;

/** A tracking code (the spec's shape). */
export type RastreioRecord = z.input<typeof rastreioSchema>;

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

/** The order summary of the spec, as order events carry it. */
export type PedidoResumoWire = z.input<typeof pedidoResumoSchema>;

/** A customer: `id`, the fields sent (`nome`, `whatsapp`, `endereco`...), and the timestamps. */
export type ClienteRecord = z.input<typeof clienteResumoSchema>;

/** A ledger entry (the spec's shape). */
export type LancamentoRecord = z.input<typeof lancamentoSchema>;

/** A shipping label (the spec's shape, `statusAnterior` only in events). */
export type EtiquetaRecord = z.input<typeof etiquetaSchema>;

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
export function clienteResumo(cliente: ClienteRecord): { id: string; nome: string; criadoEm: string; atualizadoEm: string } {
  return { id: cliente.id, nome: cliente.nome ?? '', criadoEm: cliente.criadoEm, atualizadoEm: cliente.atualizadoEm };
}

/** `{ id, numero }` of an order. */
export function pedidoRef(pedido: PedidoRecord): PedidoRef {
  return { id: pedido.id, numero: pedido.numero };
}
