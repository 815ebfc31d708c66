import { jsonObject, Problems } from '../core/body.js';
import { created, noContent, ok, type RouteContext, type RouteResult } from '../core/context.js';
import { naoEncontrado } from '../core/fake-error.js';
import { paginate } from '../core/paginate.js';
import { route, type RouteDefinition } from '../core/router.js';
import { addCliente, checkClienteFields, patchCliente } from '../domain/clientes.js';
import type { ClienteRecord } from '../state/records.js';
import { clienteResumo } from '../state/records.js';

/** The customer book: list, read, create (cliente.criado), change (cliente.atualizado), remove (cliente.removido). */
export const clientesRoutes: readonly RouteDefinition[] = [
  route('GET /v1/clientes', ({ account, query }) => ok(paginate([...account.clientes.values()], (c) => c.id, query, 'clientes:id')), { read: 'clientes:ler' }),
  route('GET /v1/clientes/:id', (context) => ok(find(context)), { read: 'clientes:ler' }),
  route('POST /v1/clientes', criar, { write: 'clientes' }),
  route('PATCH /v1/clientes/:id', atualizar, { write: 'clientes' }),
  route('DELETE /v1/clientes/:id', remover, { write: 'clientes' }),
];

function find({ account, params }: RouteContext): ClienteRecord {
  const cliente = account.clientes.get(params.id!);
  if (!cliente) throw naoEncontrado('Cliente');
  return cliente;
}

function criar(context: RouteContext): RouteResult {
  const body = jsonObject(context);
  const problems = new Problems();
  checkClienteFields(body, problems, true);
  problems.throwIfAny();
  const cliente = addCliente(context.account, body, context.now);
  context.emit('cliente.criado', { cliente: clienteResumo(cliente) });
  return created(cliente);
}

function atualizar(context: RouteContext): RouteResult {
  const cliente = find(context);
  const body = jsonObject(context);
  const problems = new Problems();
  checkClienteFields(body, problems, false);
  problems.throwIfAny();
  const alterados = patchCliente(context.account, cliente, body, context.now);
  const updated = context.account.clientes.get(cliente.id)!;
  // Paths only, never values (rule 7); nothing changed, nothing to tell.
  if (alterados.length > 0) context.emit('cliente.atualizado', { cliente: clienteResumo(updated), alterados });
  return ok(updated);
}

function remover(context: RouteContext): RouteResult {
  const cliente = find(context);
  context.account.clientes.delete(cliente.id);
  context.emit('cliente.removido', { cliente: clienteResumo(cliente) });
  return noContent();
}
