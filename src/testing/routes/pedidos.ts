import { jsonObject } from '../core/body.js';
import { created, ok, type RouteContext, type RouteResult } from '../core/context.js';
import { idempotent } from '../core/idempotent-route.js';
import { paginate } from '../core/paginate.js';
import { route, type RouteDefinition } from '../core/router.js';
import { toBrasilia } from '../core/timestamp.js';
import { addCliente } from '../domain/clientes.js';
import { prepararPedido, type PedidoPreparado } from '../domain/pedido-novo.js';
import { findPedido } from '../domain/pedidos.js';
import { clienteResumo, pedidoDetalhe, pedidoResumo, type PedidoRecord } from '../state/records.js';

/** Orders: list, detail, creation (Idempotency-Key, pedido.criado) and validation without creating. */
export const pedidosRoutes: readonly RouteDefinition[] = [
  route('GET /v1/pedidos', ({ account, query }) => ok(paginate([...account.pedidos.values()].map(pedidoDetalhe), (p) => String(p.id), query, 'pedidos:id')), {
    read: 'pedidos:ler',
  }),
  route('POST /v1/pedidos/validar', validar, { write: 'pedidos' }),
  route('GET /v1/pedidos/:id', ({ account, params }) => ok(pedidoDetalhe(findPedido(account, params.id!))), { read: 'pedidos:ler' }),
  route('POST /v1/pedidos', idempotent(criar), { write: 'pedidos' }),
];

/** Same checks and errors as creation; nothing stored, nothing emitted, no Idempotency-Key needed. */
function validar(context: RouteContext): RouteResult {
  const plano = prepararPedido(context.account, context.state.catalog, jsonObject(context));
  const itens = plano.itens.map(({ sku, numeracao, quantidade, precoAtacado, subtotal }, indice) => ({ indice, sku, numeracao, quantidade, precoAtacado, subtotal }));
  return ok({ valido: true, total: plano.total, itens });
}

/**
 * Creates the order: AGUARDANDO_PAGAMENTO, origem API, total = Σ precoAtacado × quantidade, stock
 * taken from the shared catalog (each product's delayed stock notice follows). A `cliente` sent
 * inline is saved to the book first (cliente.criado), then pedido.criado carries the summary.
 */
function criar(context: RouteContext): RouteResult {
  const { account, now, state } = context;
  const plano = prepararPedido(account, state.catalog, jsonObject(context));
  const at = toBrasilia(now);
  const pedido: PedidoRecord = {
    id: account.ids.next('ped'),
    numero: account.nextNumero(),
    status: 'AGUARDANDO_PAGAMENTO',
    total: plano.total,
    origem: 'API',
    ...(plano.referenciaExterna === undefined ? {} : { referenciaExterna: plano.referenciaExterna }),
    enviarPara: plano.enviarPara,
    criadoEm: at,
    atualizadoEm: at,
    cliente: clienteDoPedido(context, plano),
    itens: plano.itens.map((item) => ({ id: account.ids.next('itm'), ...item, valorVenda: null })),
    rastreios: [],
    anexos: [],
    despesas: [],
  };
  for (const item of plano.itens) {
    const size = state.catalog.numeracao(item.sku, item.numeracao)!;
    if (state.catalog.setEstoque(item.sku, item.numeracao, size.estoque - item.quantidade, now)) context.stockChanged(item.sku);
  }
  account.pedidos.set(pedido.id, pedido);
  context.emit('pedido.criado', { pedido: pedidoResumo(pedido) });
  return created(pedidoDetalhe(pedido));
}

function clienteDoPedido(context: RouteContext, plano: PedidoPreparado): PedidoRecord['cliente'] {
  if (plano.cliente === null || !('novo' in plano.cliente)) return plano.cliente;
  const cliente = addCliente(context.account, plano.cliente.novo, context.now);
  context.emit('cliente.criado', { cliente: clienteResumo(cliente) });
  return { id: cliente.id, nome: cliente.nome ?? '' };
}
