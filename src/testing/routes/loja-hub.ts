import { jsonObject } from '../core/body.js';
import { ok, type RouteContext, type RouteResult } from '../core/context.js';
import { FakeApiError } from '../core/fake-error.js';
import { route, type RouteDefinition } from '../core/router.js';
import { liberada, lojaHubView, pendencias } from '../domain/loja-hub.js';

// Fields the server owns in the configuration view.
const OWN = new Set(['publicada', 'publicacao']);

/** The storefront: configuration, publish/unpublish (HUB_NOT_READY), statistics, appearance. */
export const lojaHubRoutes: readonly RouteDefinition[] = [
  route('GET /v1/loja-hub', liberada(view)),
  route('PATCH /v1/loja-hub', liberada(atualizar), { write: 'lojaHub' }),
  route('POST /v1/loja-hub/publicar', liberada(publicar), { write: 'lojaHub' }),
  route('POST /v1/loja-hub/despublicar', liberada(despublicar), { write: 'lojaHub' }),
  route('GET /v1/loja-hub/estatisticas', liberada(estatisticas)),
  route(
    'GET /v1/loja-hub/aparencia',
    liberada(({ account }) => ok(account.lojaHub.aparencia)),
  ),
  route('PATCH /v1/loja-hub/aparencia', liberada(atualizarAparencia), { write: 'lojaHub' }),
];

function view({ account, state }: RouteContext): RouteResult {
  return ok(lojaHubView(account, state.catalog));
}

/** Shallow merge of the fields sent (`whatsapp`, `endereco`, `nome`...); `null` removes one. */
function atualizar(context: RouteContext): RouteResult {
  const hub = context.account.lojaHub;
  for (const [key, value] of Object.entries(jsonObject(context))) {
    if (OWN.has(key)) continue;
    if (value === null) delete hub.config[key];
    else hub.config[key] = value;
  }
  return view(context);
}

function publicar(context: RouteContext): RouteResult {
  const faltam = pendencias(context.account, context.state.catalog);
  if (faltam.length > 0) {
    throw new FakeApiError(
      400,
      'HUB_NOT_READY',
      'A loja não pode ser publicada: veja publicacao em GET /v1/loja-hub.',
      faltam.map((p) => ({ campo: p, mensagem: 'pendente' })),
    );
  }
  context.account.lojaHub.publicada = true;
  return view(context);
}

function despublicar(context: RouteContext): RouteResult {
  context.account.lojaHub.publicada = false;
  return view(context);
}

/** Statistics the fake can know: it has no visitors, so only counts of its own state. */
function estatisticas({ account }: RouteContext): RouteResult {
  const hub = account.lojaHub;
  return ok({ publicada: hub.publicada, produtos: hub.produtos.size, banners: hub.banners.size, visitas: 0, pedidos: 0 });
}

function atualizarAparencia(context: RouteContext): RouteResult {
  const hub = context.account.lojaHub;
  for (const [key, value] of Object.entries(jsonObject(context))) {
    if (value === null) delete hub.aparencia[key];
    else hub.aparencia[key] = value;
  }
  return ok(hub.aparencia);
}
