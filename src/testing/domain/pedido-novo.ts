import type { Catalog } from '../catalog/catalog.js';
import { isObject, Problems } from '../core/body.js';
import { FakeApiError } from '../core/fake-error.js';
import { sumMoney, timesMoney } from '../core/money.js';
import type { Account } from '../state/account.js';
import { pedidoResumo } from '../state/records.js';
import { checkClienteFields } from './clientes.js';

/** One item of an order body. */
export interface ItemPedido {
  sku: string;
  numeracao: string;
  quantidade: number;
}

/** An item priced from the catalog. */
export interface ItemPrecificado extends ItemPedido {
  skuVariacao: string;
  titulo: string;
  precoAtacado: string;
  subtotal: string;
}

/** An order body that passed every check, priced: what creation stores and validation answers. */
export interface PedidoPreparado {
  referenciaExterna: string | undefined;
  enviarPara: string;
  /** A new customer to save with the order, an existing one, or none. */
  cliente: { novo: Record<string, unknown> } | { id: string; nome: string } | null;
  itens: ItemPrecificado[];
  total: string;
}

/**
 * Runs every check of order creation, in the order the errors are most useful: profile
 * (PROFILE_INCOMPLETE), body (VALIDACAO), external reference (REFERENCIA_EXTERNA_DUPLICADA with the
 * existing order's summary), then stock (ITENS_INDISPONIVEIS). Nothing is changed here.
 *
 * The accepted body (the spec does not show it): `{ referenciaExterna?, enviarPara?, cliente? |
 * clienteId?, itens: [{ sku, numeracao, quantidade }] }`; `enviarPara` defaults to `CLIENTE`.
 */
export function prepararPedido(account: Account, catalog: Catalog, body: Record<string, unknown>): PedidoPreparado {
  if (!account.conta.fichaCompleta) throw new FakeApiError(400, 'PROFILE_INCOMPLETE', 'A ficha cadastral do parceiro está incompleta (veja fichaCompleta em GET /v1/conta).');
  const problems = new Problems();
  const referenciaExterna = problems.string(body.referenciaExterna, 'referenciaExterna', { optional: true });
  const enviarPara = problems.string(body.enviarPara, 'enviarPara', { optional: true }) ?? 'CLIENTE';
  const cliente = readCliente(account, body, problems);
  const itens = readItens(body.itens, problems);
  problems.throwIfAny();
  if (referenciaExterna !== undefined) {
    const existente = [...account.pedidos.values()].find((p) => p.referenciaExterna === referenciaExterna);
    if (existente) {
      throw new FakeApiError(409, 'REFERENCIA_EXTERNA_DUPLICADA', `Já existe o pedido ${existente.numero} com esta referenciaExterna; não repita.`, [], {
        pedido: pedidoResumo(existente),
      });
    }
  }
  checkDisponibilidade(catalog, itens);
  const precificados = itens.map((item): ItemPrecificado => {
    const produto = catalog.get(item.sku)!;
    const skuVariacao = catalog.numeracao(item.sku, item.numeracao)!.skuVariacao;
    return { ...item, skuVariacao, titulo: produto.titulo ?? '', precoAtacado: produto.precoAtacado, subtotal: timesMoney(produto.precoAtacado, item.quantidade) };
  });
  return { referenciaExterna, enviarPara, cliente, itens: precificados, total: sumMoney(precificados.map((i) => i.subtotal)) };
}

function readCliente(account: Account, body: Record<string, unknown>, problems: Problems): PedidoPreparado['cliente'] {
  if (body.cliente !== undefined && body.clienteId !== undefined) {
    problems.add('cliente', 'envie cliente ou clienteId, não os dois');
    return null;
  }
  if (body.cliente !== undefined) {
    if (!isObject(body.cliente)) {
      problems.add('cliente', 'deve ser um objeto');
      return null;
    }
    checkClienteFields(body.cliente, problems, true, 'cliente.');
    return { novo: body.cliente };
  }
  if (body.clienteId === undefined) return null;
  const id = problems.string(body.clienteId, 'clienteId');
  const existente = id === undefined ? undefined : account.clientes.get(id);
  if (id !== undefined && !existente) problems.add('clienteId', 'cliente não encontrado nesta conta');
  return existente ? { id: existente.id, nome: existente.nome ?? '' } : null;
}

function readItens(value: unknown, problems: Problems): ItemPedido[] {
  if (!Array.isArray(value) || value.length === 0) {
    problems.add('itens', 'deve ser uma lista com ao menos um item');
    return [];
  }
  return value.flatMap((item: unknown, i): ItemPedido[] => {
    if (!isObject(item)) {
      problems.add(`itens[${i}]`, 'deve ser um objeto { sku, numeracao, quantidade }');
      return [];
    }
    const sku = problems.string(item.sku, `itens[${i}].sku`);
    const numeracao = problems.string(item.numeracao, `itens[${i}].numeracao`);
    const quantidade = problems.integer(item.quantidade, `itens[${i}].quantidade`, 1);
    return sku !== undefined && numeracao !== undefined && quantidade !== undefined ? [{ sku, numeracao, quantidade }] : [];
  });
}

/**
 * 422 ITENS_INDISPONIVEIS listing each item that cannot be sold now: `indice` is its position in the
 * body, `motivo` why, `disponivel` how many pairs are left for it (items earlier in the body that ask
 * for the same size count first).
 */
function checkDisponibilidade(catalog: Catalog, itens: readonly ItemPedido[]): void {
  const taken = new Map<string, number>();
  const indisponiveis: Array<{ indice: number; motivo: string; disponivel: number }> = [];
  itens.forEach((item, indice) => {
    const produto = catalog.get(item.sku);
    const size = catalog.numeracao(item.sku, item.numeracao);
    if (!produto) return void indisponiveis.push({ indice, motivo: 'PRODUTO_INEXISTENTE', disponivel: 0 });
    if (!produto.ativo) return void indisponiveis.push({ indice, motivo: 'PRODUTO_INATIVO', disponivel: 0 });
    if (!size) return void indisponiveis.push({ indice, motivo: 'NUMERACAO_INEXISTENTE', disponivel: 0 });
    const key = size.skuVariacao;
    const left = size.estoque - (taken.get(key) ?? 0);
    if (item.quantidade > left) indisponiveis.push({ indice, motivo: 'ESTOQUE_INSUFICIENTE', disponivel: Math.max(0, left) });
    taken.set(key, (taken.get(key) ?? 0) + item.quantidade);
  });
  if (indisponiveis.length > 0) {
    throw new FakeApiError(422, 'ITENS_INDISPONIVEIS', 'Alguns itens não podem ser vendidos agora; nada foi criado.', [], { itens: indisponiveis });
  }
}
