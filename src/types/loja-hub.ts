import type * as z from 'zod/mini';
import type { lojaHubSchema } from '../models/loja-hub.js';
import type { LojaHubAparencia, LojaHubBanner, LojaHubEstatisticas, LojaHubLogo, LojaHubProduto } from '../models/index.js';
import type { LojaHubResource, LojaHubAtualizarParams, LojaHubEstatisticasParams, ImagemEnviarParams } from '../resources/loja-hub.js';
import type { LojaHubBanners, BannerAdicionarParams, LojaHubBannerListarParams } from '../resources/loja-hub/banners.js';
import type { LojaHubProdutos, LojaHubProdutoListarParams, LojaHubTextoParams } from '../resources/loja-hub/produtos.js';

/** The storefront: the `LojaHub` record (this type), its other records, `client.lojaHub` (`LojaHub.LojaHubResource`) and its parameters. */
// Spelled as the record itself is, so the reference documentation shows its fields.
export type LojaHub = z.output<ReturnType<typeof lojaHubSchema>>;

/** The storefront: the `LojaHub` record (this type), its other records, `client.lojaHub` (`LojaHub.LojaHubResource`) and its parameters. */
export declare namespace LojaHub {
  export {
    type LojaHubResource as LojaHubResource,
    type LojaHubAparencia as LojaHubAparencia,
    type LojaHubBanner as LojaHubBanner,
    type LojaHubEstatisticas as LojaHubEstatisticas,
    type LojaHubLogo as LojaHubLogo,
    type LojaHubProduto as LojaHubProduto,
    type LojaHubAtualizarParams as LojaHubAtualizarParams,
    type LojaHubEstatisticasParams as LojaHubEstatisticasParams,
    type ImagemEnviarParams as ImagemEnviarParams,
    type LojaHubBanners as LojaHubBanners,
    type BannerAdicionarParams as BannerAdicionarParams,
    type LojaHubBannerListarParams as LojaHubBannerListarParams,
    type LojaHubProdutos as LojaHubProdutos,
    type LojaHubProdutoListarParams as LojaHubProdutoListarParams,
    type LojaHubTextoParams as LojaHubTextoParams,
  };
}
