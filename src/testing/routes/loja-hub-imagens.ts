import { created, noContent, ok, type RouteContext, type RouteResult } from '../core/context.js';
import { naoEncontrado, validacao } from '../core/fake-error.js';
import { readUpload } from '../core/multipart.js';
import { paginate } from '../core/paginate.js';
import { route, type RouteDefinition } from '../core/router.js';
import { toBrasilia } from '../core/timestamp.js';
import { liberada } from '../domain/loja-hub.js';
import type { ImagemRecord } from '../state/loja-hub.js';

/** The storefront's logo and banners: multipart uploads of JPEG or PNG (read from the content). */
export const lojaHubImagensRoutes: readonly RouteDefinition[] = [
  route('PUT /v1/loja-hub/logo', liberada(enviarLogo), { write: 'lojaHub' }),
  route('DELETE /v1/loja-hub/logo', liberada(removerLogo), { write: 'lojaHub' }),
  route(
    'GET /v1/loja-hub/banners',
    liberada(({ account, query }) => ok(paginate([...account.lojaHub.banners.values()], (b) => b.id, query, 'banners:id'))),
  ),
  route('POST /v1/loja-hub/banners', liberada(adicionarBanner), { write: 'lojaHub' }),
  route('DELETE /v1/loja-hub/banners/:bannerId', liberada(removerBanner), { write: 'lojaHub' }),
];

/** An uploaded image; a PDF is a valid upload elsewhere but not a picture (400 VALIDACAO). */
async function imagem(context: RouteContext, prefix: string): Promise<ImagemRecord> {
  const upload = await readUpload(context);
  if (upload.tipoArquivo === 'application/pdf') throw validacao([{ campo: 'arquivo', mensagem: 'envie uma imagem JPEG ou PNG' }]);
  const { nomeArquivo, tipoArquivo, tamanhoBytes } = upload;
  return { id: context.account.ids.next(prefix), nomeArquivo, tipoArquivo, tamanhoBytes, criadoEm: toBrasilia(context.now) };
}

/** Replaces the one logo. */
async function enviarLogo(context: RouteContext): Promise<RouteResult> {
  const logo = await imagem(context, 'logo');
  context.account.lojaHub.logo = logo;
  return ok(logo);
}

function removerLogo(context: RouteContext): RouteResult {
  if (!context.account.lojaHub.logo) throw naoEncontrado('Logo');
  context.account.lojaHub.logo = null;
  return noContent();
}

async function adicionarBanner(context: RouteContext): Promise<RouteResult> {
  const banner = await imagem(context, 'ban');
  context.account.lojaHub.banners.set(banner.id, banner);
  return created(banner);
}

function removerBanner(context: RouteContext): RouteResult {
  if (!context.account.lojaHub.banners.delete(context.params.bannerId!)) throw naoEncontrado('Banner');
  return noContent();
}
