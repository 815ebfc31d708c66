import type { LojaHubBanner } from '../../models/loja-hub.js';
import { callOperation } from '../../operations/call.js';
import { LOJA_HUB_ROWS as rows } from '../../operations/loja-hub.js';
import type { ListarParams } from '../../pagination/list-params.js';
import type { PagePromise } from '../../pagination/page-promise.js';
import type { ApiPromise } from '../../transport/api-promise.js';
import type { RequestOptions } from '../../transport/request-options.js';
import { Resource } from '../resource.js';
import type { ArquivoInput } from '../uploads/read-file.js';
import { uploadForm, type UploadKind } from '../uploads/upload-form.js';

/** Filters of {@link LojaHubBanners.listar} (none shown by the spec beyond `limite` and `cursor`). */
export interface LojaHubBannerListarParams extends ListarParams {}

/** Options of {@link LojaHubBanners.adicionar}. */
export interface BannerAdicionarParams {
  /** File name sent with the upload. @default the File's name, the path's last segment, or `banner` plus the extension */
  nomeArquivo?: string | undefined;
}

const BANNER: UploadKind = { onlyKnownTypes: false, defaultName: 'banner', fields: {} };

/** Banners of the storefront (`client.lojaHub.banners`). */
export class LojaHubBanners extends Resource {
  /** Lists the storefront banners (GET /v1/loja-hub/banners), page by page. */
  listar(params?: LojaHubBannerListarParams, options?: RequestOptions): PagePromise<LojaHubBanner> {
    return callOperation(this.transport, rows.lojaHubBannersListar, params, options);
  }

  /**
   * Uploads a banner image (POST /v1/loja-hub/banners, multipart with the file in field `arquivo`).
   * JPEG/PNG are recognised from the content; other content is sent for the server to judge; a PDF
   * with script, embedded files, forms or encryption is refused before sending. Sent without
   * Idempotency-Key, so not retried once it may have reached the server.
   */
  adicionar(arquivo: ArquivoInput, params?: BannerAdicionarParams, options?: RequestOptions): ApiPromise<LojaHubBanner> {
    return callOperation(this.transport, rows.lojaHubBannersAdicionar, { arquivo, nomeArquivo: params?.nomeArquivo }, options, { bodyFrom: () => uploadForm(arquivo, params?.nomeArquivo, BANNER) });
  }

  /** Removes a banner (DELETE /v1/loja-hub/banners/{bannerId}). */
  remover(bannerId: string, options?: RequestOptions): ApiPromise<void> {
    return callOperation(this.transport, rows.lojaHubBannersRemover, { bannerId }, options);
  }
}
