import type { Account } from '../state/account.js';
import { FakeApiError } from './fake-error.js';

/** The read permissions the spec names. */
export const READ_PERMISSIONS = ['pedidos:ler', 'etiquetas:ler', 'financeiro:ler', 'produtos:ler', 'clientes:ler'] as const;

/** A read permission named by the spec. */
export type ReadPermission = (typeof READ_PERMISSIONS)[number];

/** Areas with write operations. The spec does not name write permissions, so their names are options. */
export type WriteArea = 'pedidos' | 'clientes' | 'etiquetas' | 'lojaHub';

/** What a route needs: a named read permission, or the (configurable) write permission of an area. */
export type RouteScope = { read: ReadPermission } | { write: WriteArea };

/**
 * Refuses a call the integration has no permission for: 403 ESCOPO_INSUFICIENTE with
 * `escopoNecessario`. A write area without a configured permission name needs none.
 */
export function checkScope(scope: RouteScope | undefined, account: Account, writePermissions: Readonly<Partial<Record<WriteArea, string>>>): void {
  if (!scope) return;
  const needed = 'read' in scope ? scope.read : writePermissions[scope.write];
  if (needed === undefined || account.can(needed)) return;
  throw new FakeApiError(403, 'ESCOPO_INSUFICIENTE', `A integração não tem a permissão ${needed}.`, [], { escopoNecessario: needed });
}

/** The read permission a webhook needs: the one that reads the same data through the API; none for teste.ping. */
export function permissionForEvent(evento: string): ReadPermission | undefined {
  const area = evento.slice(0, evento.indexOf('.'));
  const byArea: Readonly<Record<string, ReadPermission>> = {
    pedido: 'pedidos:ler',
    etiqueta: 'etiquetas:ler',
    financeiro: 'financeiro:ler',
    produto: 'produtos:ler',
    cliente: 'clientes:ler',
  };
  return Object.hasOwn(byArea, area) ? byArea[area] : undefined;
}
