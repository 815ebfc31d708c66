import { jsonObject, Problems } from '../core/body.js';
import { created, ok, type RouteContext, type RouteResult } from '../core/context.js';
import { conflito, FakeApiError, naoEncontrado } from '../core/fake-error.js';
import { fnv1a } from '../core/hash.js';
import { idempotent } from '../core/idempotent-route.js';
import { paginate } from '../core/paginate.js';
import { route, type RouteDefinition } from '../core/router.js';
import { toBrasilia } from '../core/timestamp.js';
import { SERVICOS, valorEnvio, type Servico } from '../domain/cotacao.js';
import { findPedido } from '../domain/pedidos.js';
import { pedidoRef, type EtiquetaRecord, type PedidoRecord } from '../state/records.js';

/** The cancelled state's name is not shown by the spec; the fake uses this one. */
export const ETIQUETA_CANCELADA = 'CANCELADA';

/** Labels through the (fictitious) label provider: connection, quote, issue, list, cancel. */
export const etiquetasRoutes: readonly RouteDefinition[] = [
  route('GET /v1/label-provider', ({ account }) => ok({ conectado: account.setup.labelProviderConnected, ambiente: 'teste' }), { read: 'etiquetas:ler' }),
  route('POST /v1/etiquetas/cotacoes', cotar, { write: 'etiquetas' }),
  route('GET /v1/etiquetas', ({ account, query }) => ok(paginate([...account.etiquetas.values()], (e) => e.id, query, 'etiquetas:id')), { read: 'etiquetas:ler' }),
  route('POST /v1/etiquetas', idempotent(emitir), { write: 'etiquetas' }),
  route('POST /v1/etiquetas/:id/cancelar', cancelar, { write: 'etiquetas' }),
];

/**
 * Sets a label's status and emits etiqueta.status_alterado with `statusAnterior`. Setting the status
 * it already has changes nothing and emits nothing, as for orders. @returns the label.
 */
export function alterarStatusEtiqueta(context: RouteContext, etiquetaId: string, status: string): EtiquetaRecord {
  const etiqueta = context.account.etiquetas.get(etiquetaId);
  if (!etiqueta) throw naoEncontrado('Etiqueta');
  if (etiqueta.status === status) return etiqueta;
  const statusAnterior = etiqueta.status;
  const at = toBrasilia(context.now);
  etiqueta.status = status;
  etiqueta.atualizadoEm = at;
  if (status === 'IMPRESSA') etiqueta.impressaEm = at;
  if (status === 'DESPACHADA') etiqueta.despachadaEm = at;
  if (status === ETIQUETA_CANCELADA) etiqueta.canceladaEm = at;
  context.emit('etiqueta.status_alterado', { etiqueta: { ...etiqueta, statusAnterior } });
  return etiqueta;
}

function connected(context: RouteContext): void {
  if (!context.account.setup.labelProviderConnected) {
    throw new FakeApiError(400, 'LABEL_PROVIDER_NOT_CONNECTED', 'Conecte uma conta do provedor de etiquetas neste ambiente (veja GET /v1/label-provider).');
  }
}

/** `{ pedidoId, servicoId? }` read and checked: the order of this account and the chosen service. */
function pedidoEServico(context: RouteContext): { pedido: PedidoRecord; servico: Servico | undefined } {
  const body = jsonObject(context);
  const problems = new Problems();
  const pedidoId = problems.string(body.pedidoId, 'pedidoId');
  const servicoId = body.servicoId === undefined ? undefined : problems.integer(body.servicoId, 'servicoId', 1);
  const servico = servicoId === undefined ? undefined : SERVICOS.find((s) => s.id === servicoId);
  if (servicoId !== undefined && !servico) problems.add('servicoId', `serviço desconhecido; use um de ${SERVICOS.map((s) => s.id).join(', ')}`);
  problems.throwIfAny();
  return { pedido: findPedido(context.account, pedidoId!), servico };
}

/** `{ pedidoId }` → `{ pedido, opcoes: [{ servico, transportadora, valor, prazoDias }] }`; nothing issued. */
function cotar(context: RouteContext): RouteResult {
  connected(context);
  const { pedido } = pedidoEServico(context);
  const opcoes = SERVICOS.map((s) => ({ servico: { id: s.id, nome: s.nome }, transportadora: s.transportadora, valor: valorEnvio(s, pedido), prazoDias: s.prazoDias }));
  return ok({ pedido: pedidoRef(pedido), opcoes });
}

/**
 * `{ pedidoId, servicoId? }` (default the first service): a label GERADA, paid from the provider's
 * fictitious balance (the partner's ledger is untouched); etiqueta.emitida. Every item needs a sale
 * value first (SALE_VALUE_REQUIRED), for the content declaration.
 */
function emitir(context: RouteContext): RouteResult {
  connected(context);
  const { pedido, servico = SERVICOS[0]! } = pedidoEServico(context);
  const semValor = pedido.itens.findIndex((i) => i.valorVenda === null);
  if (semValor >= 0) {
    throw new FakeApiError(400, 'SALE_VALUE_REQUIRED', 'Defina o valor de venda de todos os itens antes de emitir a etiqueta.', [
      { campo: `itens[${semValor}].valorVenda`, mensagem: `item ${pedido.itens[semValor]!.id} sem valor de venda` },
    ]);
  }
  const id = context.account.ids.next('etq');
  const at = toBrasilia(context.now);
  const etiqueta: EtiquetaRecord = {
    id,
    pedido: pedidoRef(pedido),
    servico: { id: servico.id, nome: servico.nome },
    transportadora: servico.transportadora,
    valor: valorEnvio(servico, pedido),
    status: 'GERADA',
    rastreio: `FK${String(Number.parseInt(fnv1a(id), 16))
      .padStart(10, '0')
      .slice(0, 9)}BR`,
    emitidaEm: at,
    impressaEm: null,
    despachadaEm: null,
    canceladaEm: null,
    atualizadoEm: at,
  };
  context.account.etiquetas.set(id, etiqueta);
  context.emit('etiqueta.emitida', { etiqueta });
  return created(etiqueta);
}

/** Cancels (state CANCELADA, canceladaEm) and emits etiqueta.status_alterado; cancelling twice is 409 CONFLITO. */
function cancelar(context: RouteContext): RouteResult {
  const etiqueta = context.account.etiquetas.get(context.params.id!);
  if (!etiqueta) throw naoEncontrado('Etiqueta');
  if (etiqueta.status === ETIQUETA_CANCELADA) throw conflito('A etiqueta já está cancelada.');
  return ok(alterarStatusEtiqueta(context, etiqueta.id, ETIQUETA_CANCELADA));
}
