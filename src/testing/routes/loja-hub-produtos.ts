import { isObject, jsonObject, Problems } from '../core/body.js';
import { created, noContent, ok, type RouteContext, type RouteResult } from '../core/context.js';
import { conflito, naoEncontrado, validacao } from '../core/fake-error.js';
import { paginate } from '../core/paginate.js';
import { route, type RouteDefinition } from '../core/router.js';
import { toBrasilia } from '../core/timestamp.js';
import { liberada } from '../domain/loja-hub.js';
import type { LojaHubProdutoRecord } from '../state/loja-hub.js';

/** The storefront's product selection and per-product text. */
export const lojaHubProdutosRoutes: readonly RouteDefinition[] = [
  route('GET /v1/loja-hub/produtos', liberada(listar)),
  route('POST /v1/loja-hub/produtos', liberada(adicionar), { write: 'lojaHub' }),
  route('DELETE /v1/loja-hub/produtos/:sku', liberada(remover), { write: 'lojaHub' }),
  route('PUT /v1/loja-hub/produtos/:sku/texto', liberada(definirTexto), { write: 'lojaHub' }),
];

/** A selected product with what the storefront shows of the catalog: title, active, available. */
function view(context: RouteContext, record: LojaHubProdutoRecord): Record<string, unknown> {
  const produto = context.state.catalog.get(record.sku);
  const disponivel = produto !== undefined && produto.ativo && produto.numeracoes.some((n) => n.estoque > 0);
  return { sku: record.sku, titulo: produto?.titulo ?? null, ativo: produto?.ativo ?? false, disponivel, texto: record.texto, adicionadoEm: record.adicionadoEm, atualizadoEm: record.atualizadoEm };
}

function find(context: RouteContext): LojaHubProdutoRecord {
  const record = context.account.lojaHub.produtos.get(context.params.sku!);
  if (!record) throw naoEncontrado('Produto da loja');
  return record;
}

function listar(context: RouteContext): RouteResult {
  const items = [...context.account.lojaHub.produtos.values()].map((r) => view(context, r));
  return ok(paginate(items, (p) => String(p.sku), context.query, 'loja-hub-produtos:sku'));
}

/** `{ sku }` of a catalog product (404 otherwise); selecting it twice is 409 CONFLITO. */
function adicionar(context: RouteContext): RouteResult {
  const problems = new Problems();
  const sku = problems.string(jsonObject(context).sku, 'sku');
  problems.throwIfAny();
  if (!context.state.catalog.get(sku!)) throw naoEncontrado('Produto');
  const produtos = context.account.lojaHub.produtos;
  if (produtos.has(sku!)) throw conflito('O produto já está na loja.');
  const at = toBrasilia(context.now);
  const record: LojaHubProdutoRecord = { sku: sku!, texto: null, adicionadoEm: at, atualizadoEm: at };
  produtos.set(record.sku, record);
  return created(view(context, record));
}

function remover(context: RouteContext): RouteResult {
  context.account.lojaHub.produtos.delete(find(context).sku);
  return noContent();
}

/** The body (any object, e.g. `{ titulo, descricao }`) becomes the product's own text on the storefront. */
function definirTexto(context: RouteContext): RouteResult {
  const record = find(context);
  const texto = jsonObject(context);
  if (!isObject(texto) || Object.keys(texto).length === 0) throw validacao([{ mensagem: 'envie ao menos um campo de texto' }]);
  record.texto = texto;
  record.atualizadoEm = toBrasilia(context.now);
  return ok(view(context, record));
}
