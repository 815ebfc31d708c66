import type { Catalog } from '../catalog/catalog.js';
import type { RouteContext, RouteHandler } from '../core/context.js';
import { FakeApiError } from '../core/fake-error.js';
import type { Account } from '../state/account.js';

/**
 * Wraps a storefront route: while the storefront is not released to the partner every call answers
 * 403 LOJA_HUB_NAO_LIBERADA, whatever the integration's permissions (spec).
 */
export function liberada(handler: RouteHandler): RouteHandler {
  return (context: RouteContext) => {
    if (!context.account.setup.storefrontReleased) throw new FakeApiError(403, 'LOJA_HUB_NAO_LIBERADA', 'A loja no hub não está liberada para este parceiro.');
    return handler(context);
  };
}

/** What publishing still needs, by the spec's HUB_NOT_READY: the storefront WhatsApp, an address, one available product. */
export function pendencias(account: Account, catalog: Catalog): string[] {
  const { config, produtos } = account.lojaHub;
  const faltam: string[] = [];
  if (!filled(config.whatsapp)) faltam.push('WHATSAPP');
  if (!filled(config.endereco)) faltam.push('ENDERECO');
  const disponivel = [...produtos.keys()].some((sku) => {
    const produto = catalog.get(sku);
    return produto !== undefined && produto.ativo && produto.numeracoes.some((n) => n.estoque > 0);
  });
  if (!disponivel) faltam.push('PRODUTO_DISPONIVEL');
  return faltam;
}

/** The storefront configuration as GET /v1/loja-hub answers it (shape not shown by the spec beyond `publicacao`). */
export function lojaHubView(account: Account, catalog: Catalog): Record<string, unknown> {
  const faltam = pendencias(account, catalog);
  return { ...account.lojaHub.config, publicada: account.lojaHub.publicada, publicacao: { pronta: faltam.length === 0, pendencias: faltam } };
}

function filled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}
