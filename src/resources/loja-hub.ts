import type { LojaHub, LojaHubAparencia, LojaHubEstatisticas, LojaHubLogo } from '../models/loja-hub.js';
import { callOperation } from '../operations/call.js';
import { LOJA_HUB_ROWS as rows } from '../operations/loja-hub.js';
import type { ApiPromise } from '../transport/api-promise.js';
import type { Transport } from '../transport/transport.js';
import type { QueryValue } from '../transport/query.js';
import type { RequestOptions } from '../transport/request-options.js';
import { LojaHubBanners } from './loja-hub/banners.js';
import { LojaHubProdutos } from './loja-hub/produtos.js';
import { Resource } from './resource.js';
import type { ArquivoInput } from './uploads/read-file.js';
import { uploadForm, type UploadKind } from './uploads/upload-form.js';

/** Body of {@link LojaHubResource.atualizar} and {@link LojaHubResource.atualizarAparencia}. Not shown by the spec; sent as given. */
export interface LojaHubAtualizarParams {
  /** Fields to change; sent untouched. */
  [campo: string]: unknown;
}

/** Filters of {@link LojaHubResource.estatisticas}. Not shown by the spec; sent as query parameters. */
export interface LojaHubEstatisticasParams {
  /** Query parameters; Dates are sent as ISO strings. */
  [filtro: string]: QueryValue;
}

/** Options of {@link LojaHubResource.enviarLogo} and `lojaHub.banners.adicionar`. */
export interface ImagemEnviarParams {
  /** File name sent with the upload. @default the File's name, the path's last segment, or `logo`/`banner` plus the extension */
  nomeArquivo?: string | undefined;
}

const LOGO: UploadKind = { onlyKnownTypes: false, defaultName: 'logo', fields: {} };

/**
 * The partner's storefront in the hub (/v1/loja-hub). Every call may answer 403
 * LOJA_HUB_NAO_LIBERADA while the storefront is not released to the partner.
 */
export class LojaHubResource extends Resource {
  /** Products selected for the storefront and their own texts. */
  readonly produtos: LojaHubProdutos;
  /** Banners of the storefront. */
  readonly banners: LojaHubBanners;

  /** @internal */
  constructor(transport: Transport) {
    super(transport);
    this.produtos = new LojaHubProdutos(transport);
    this.banners = new LojaHubBanners(transport);
  }

  /** The storefront configuration (GET /v1/loja-hub); `publicacao` says what publishing still needs. */
  obter(options?: RequestOptions): ApiPromise<LojaHub> {
    return callOperation(this.transport, rows.lojaHubObter, {}, options);
  }

  /** Changes the storefront configuration (PATCH /v1/loja-hub). */
  atualizar(body: LojaHubAtualizarParams, options?: RequestOptions): ApiPromise<LojaHub> {
    return callOperation(this.transport, rows.lojaHubAtualizar, { body }, options);
  }

  /** Publishes the storefront (POST /v1/loja-hub/publicar); HUB_NOT_READY lists what is missing in `publicacao`. */
  publicar(options?: RequestOptions): ApiPromise<LojaHub> {
    return callOperation(this.transport, rows.lojaHubPublicar, {}, options);
  }

  /** Takes the storefront offline (POST /v1/loja-hub/despublicar). */
  despublicar(options?: RequestOptions): ApiPromise<LojaHub> {
    return callOperation(this.transport, rows.lojaHubDespublicar, {}, options);
  }

  /** Storefront statistics (GET /v1/loja-hub/estatisticas); filters pass through as query parameters. */
  estatisticas(params?: LojaHubEstatisticasParams, options?: RequestOptions): ApiPromise<LojaHubEstatisticas> {
    return callOperation(this.transport, rows.lojaHubEstatisticas, params, options);
  }

  /** The storefront appearance (GET /v1/loja-hub/aparencia). */
  aparencia(options?: RequestOptions): ApiPromise<LojaHubAparencia> {
    return callOperation(this.transport, rows.lojaHubAparencia, {}, options);
  }

  /** Changes the storefront appearance (PATCH /v1/loja-hub/aparencia). */
  atualizarAparencia(body: LojaHubAtualizarParams, options?: RequestOptions): ApiPromise<LojaHubAparencia> {
    return callOperation(this.transport, rows.lojaHubAtualizarAparencia, { body }, options);
  }

  /**
   * Uploads the storefront logo, replacing the current one (PUT /v1/loja-hub/logo, multipart with the
   * file in field `arquivo`). The type is read from the content (JPEG/PNG recognised; other content is
   * sent as it is, for the server to judge); a PDF with script, embedded files, forms or encryption
   * is refused before sending.
   */
  enviarLogo(arquivo: ArquivoInput, params?: ImagemEnviarParams, options?: RequestOptions): ApiPromise<LojaHubLogo> {
    return callOperation(this.transport, rows.lojaHubEnviarLogo, { arquivo, nomeArquivo: params?.nomeArquivo }, options, { bodyFrom: () => uploadForm(arquivo, params?.nomeArquivo, LOGO) });
  }

  /** Removes the storefront logo (DELETE /v1/loja-hub/logo). */
  removerLogo(options?: RequestOptions): ApiPromise<void> {
    return callOperation(this.transport, rows.lojaHubRemoverLogo, {}, options);
  }
}
