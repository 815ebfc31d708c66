// The records each test account holds, in the wire shape the API answers (money as "129.90" strings,
// timestamps with -03:00). They are type aliases, not interfaces, so they fit the open (loose) shapes
// of the SDK's models and webhook payloads. Fields the spec does not show are the fake's reading and
// are listed in docs/testing.md.

/** `{ id, numero }` of the order a record belongs to. */
export type PedidoRef = { id: string; numero: number };

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
export type AnexoRecord = {
  id: string;
  tipo: string;
  nomeArquivo: string;
  tipoArquivo: string;
  tamanhoBytes: number;
  validado: boolean;
  enviadoPeloParceiro: boolean;
  criadoEm: string;
};

/** A tracking code (the spec's shape). */
export type RastreioRecord = {
  id: string;
  codigo: string;
  transportadora: string;
  validado: boolean;
  cadastradoPeloParceiro: boolean;
  criadoEm: string;
};

/** An expense of an order: the fields sent, plus `id` and `criadoEm`. */
export type DespesaRecord = { id: string; criadoEm: string; [campo: string]: unknown };

/** An order with its detail. */
export type PedidoRecord = {
  id: string;
  numero: number;
  status: string;
  total: string;
  origem: string;
  referenciaExterna?: string;
  enviarPara: string;
  criadoEm: string;
  atualizadoEm: string;
  cliente: { id: string; nome: string } | null;
  itens: PedidoItemRecord[];
  rastreios: RastreioRecord[];
  anexos: AnexoRecord[];
  despesas: DespesaRecord[];
};

/** The order summary of the spec, as order events carry it. */
export type PedidoResumoWire = {
  id: string;
  numero: number;
  status: string;
  total: string;
  origem: string;
  referenciaExterna?: string;
  enviarPara: string;
  criadoEm: string;
  atualizadoEm: string;
};

/** A customer: `id`, the fields sent (`nome`, `whatsapp`, `endereco`...), and the timestamps. */
export type ClienteRecord = { id: string; nome: string; criadoEm: string; atualizadoEm: string; [campo: string]: unknown };

/** A ledger entry (the spec's shape). */
export type LancamentoRecord = { id: string; tipo: string; valor: string; descricao: string; pedido?: PedidoRef; criadoEm: string };

/** A shipping label (the spec's shape, `statusAnterior` only in events). */
export type EtiquetaRecord = {
  id: string;
  pedido: PedidoRef;
  servico: { id: number; nome: string };
  transportadora: string;
  valor: string;
  status: string;
  rastreio: string;
  emitidaEm: string;
  impressaEm: string | null;
  despachadaEm: string | null;
  canceladaEm: string | null;
  atualizadoEm: string;
};

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
  return { id: cliente.id, nome: cliente.nome, criadoEm: cliente.criadoEm, atualizadoEm: cliente.atualizadoEm };
}

/** `{ id, numero }` of an order. */
export function pedidoRef(pedido: PedidoRecord): PedidoRef {
  return { id: pedido.id, numero: pedido.numero };
}
