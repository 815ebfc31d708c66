// The kit's own reading of the spec's records, written from /work/shared/partner-api-spec.md (not
// from the SDK's models, so a field the SDK misreads makes the two sides disagree):
// - "Resources and their fields" > "General conventions" (money as two-decimal strings, timestamps
//   as ISO 8601 strings with offset, ids as opaque strings);
// - "Order summary (as sent in order events)", "Attachment", "Tracking code (rastreio)",
//   "Shipping label (etiqueta)", "Ledger entry (lancamento)", "Customer summary";
// - "Other records" (what is not shown: the full customer record is kept open).
// Money fields are strings such as "129.90"; timestamps strings such as "2024-05-10T14:30:00-03:00".

/** `{ id, numero }` of an order, as labels and ledger entries carry it. */
export interface PedidoRefWire {
  id: string;
  numero: number;
}

/** The spec's Order summary, as order events carry it (no items, recipient, tracking or attachments: Events rule 5). */
export interface PedidoResumoWire {
  id: string;
  numero: number;
  /** One of the seven order states (see state/status-pedido.ts). */
  status: string;
  /** Money string. */
  total: string;
  /** Where the order was made; `API` for the kit's orders. */
  origem: string;
  /** The partner's own reference, unique per partner; the kit's reading: absent when the order was made without one. */
  referenciaExterna?: string;
  /** Delivery target; `CLIENTE` is the value the spec shows. */
  enviarPara: string;
  criadoEm: string;
  atualizadoEm: string;
}

/** The Order summary inside `pedido.status_alterado`: `statusAnterior` is there (and only there). */
export interface PedidoStatusAlteradoWire extends PedidoResumoWire {
  statusAnterior: string;
}

/** The spec's Attachment (payment proof and similar). */
export interface AnexoWire {
  id: string;
  /** `COMPROVANTE` is the value the spec shows. */
  tipo: string;
  nomeArquivo: string;
  /** Media type, read from the content. */
  tipoArquivo: string;
  tamanhoBytes: number;
  validado: boolean;
  enviadoPeloParceiro: boolean;
  criadoEm: string;
}

/** The spec's Tracking code. */
export interface RastreioWire {
  id: string;
  codigo: string;
  transportadora: string;
  validado: boolean;
  cadastradoPeloParceiro: boolean;
  criadoEm: string;
}

/** The spec's Shipping label. */
export interface EtiquetaWire {
  id: string;
  pedido: PedidoRefWire;
  servico: { id: number; nome: string };
  transportadora: string;
  /** Money string. */
  valor: string;
  /** `GERADA`, `IMPRESSA`, `DESPACHADA` or the cancelled state (the kit names it `CANCELADA`: the spec does not show it). */
  status: string;
  /** Tracking code. */
  rastreio: string;
  emitidaEm: string;
  impressaEm: string | null;
  despachadaEm: string | null;
  canceladaEm: string | null;
  atualizadoEm: string;
  /** Only in `etiqueta.status_alterado`; the spec names it for printing and dispatch, not for a cancellation. */
  statusAnterior?: string;
}

/** The spec's Ledger entry. */
export interface LancamentoWire {
  id: string;
  /** `CREDITO` for a credit; the debit's value is not shown (the kit writes `DEBITO`). */
  tipo: string;
  /** Money string: positive a credit, negative a debit. */
  valor: string;
  /** Up to 200 characters. */
  descricao: string;
  /** Present when an order originated the entry. */
  pedido?: PedidoRefWire;
  criadoEm: string;
}

/** The spec's Customer summary, as customer events carry it (no contact, no address: Events rule 7). */
export interface ClienteResumoWire {
  id: string;
  nome: string;
  criadoEm: string;
  atualizadoEm: string;
}

/**
 * A whole customer of the book, as the kit answers it: the summary's fields plus what was sent
 * (`whatsapp`, `endereco` ...). The spec does not show the full record, so it stays open.
 */
export interface ClienteWire extends ClienteResumoWire {
  [campo: string]: unknown;
}
