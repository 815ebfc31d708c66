import type { LOJA_HUB_ROWS } from '../loja-hub.js';
import type { OperationProse } from './operation-prose.js';

/** @internal What the document, the MCP tools and the docs say of each row of ../loja-hub.ts, by the same names. */
export const LOJA_HUB_PROSE = {
  lojaHubObter: {
    summary: 'The storefront configuration; `publicacao` says what publishing still needs.',
    description:
      'Reads the storefront configuration; `publicacao` says whether it can be published and what is missing. Answers 403 LOJA_HUB_NAO_LIBERADA when the storefront is not released to the partner.',
  },
  lojaHubAtualizar: {
    summary: 'Changes the storefront configuration.',
    description: 'Changes the storefront configuration (WhatsApp, address...); fields not sent stay as they are. Answers 403 LOJA_HUB_NAO_LIBERADA when the storefront is not released.',
  },
  lojaHubPublicar: {
    summary: 'Publishes the storefront; HUB_NOT_READY lists what is missing.',
    description: 'Publishes the storefront. Answers 400 HUB_NOT_READY while its WhatsApp, address or an available product is missing (see `publicacao` of the configuration).',
  },
  lojaHubDespublicar: {
    summary: 'Takes the storefront offline.',
    description: 'Takes the storefront offline; its configuration and selection are kept for the next publication.',
  },
  lojaHubEstatisticas: {
    summary: 'Storefront statistics; filters pass through as query parameters.',
    description: "Reads the storefront's statistics; the spec shows no filter or field, so filters pass through as query parameters.",
  },
  lojaHubAparencia: {
    summary: 'The storefront appearance.',
    description: "Reads the storefront's appearance settings as the partner set them.",
  },
  lojaHubAtualizarAparencia: {
    summary: 'Changes the storefront appearance.',
    description: "Changes the storefront's appearance settings; fields not sent stay as they are.",
  },
  lojaHubEnviarLogo: {
    summary: 'Uploads the storefront logo as multipart/form-data, replacing the current one.',
    description: 'Uploads the storefront logo in the multipart part `arquivo`, replacing the current one. The image type is read from the content; anything else answers 400 VALIDACAO.',
  },
  lojaHubRemoverLogo: {
    summary: 'Removes the storefront logo.',
    description: 'Removes the storefront logo. Answers 204 with no body.',
  },
  lojaHubProdutosListar: {
    summary: 'Lists the products selected for the storefront, page by page.',
    description: 'Lists the catalog products selected for the storefront, with their own text when set, page by page.',
  },
  lojaHubProdutosAdicionar: {
    summary: 'Adds a catalog product to the storefront.',
    description: 'Adds a catalog product to the storefront selection by SKU. An unknown SKU answers 404 NAO_ENCONTRADO; the local sandbox answers 409 CONFLITO for one already selected.',
  },
  lojaHubProdutosRemover: {
    summary: 'Takes a product off the storefront; the catalog is unchanged.',
    description: 'Takes a product off the storefront selection; the catalog is unchanged. Answers 204 with no body.',
  },
  lojaHubProdutosDefinirTexto: {
    summary: "Sets the storefront's own text of a product.",
    description: "Sets the storefront's own text of a selected product, replacing the previous one. A product not in the selection answers 404 NAO_ENCONTRADO.",
  },
  lojaHubBannersListar: {
    summary: 'Lists the storefront banners, page by page.',
    description: "Lists the storefront's banner images, page by page.",
  },
  lojaHubBannersAdicionar: {
    summary: 'Uploads a banner image as multipart/form-data.',
    description: 'Uploads a banner image in the multipart part `arquivo`. The image type is read from the content; anything else answers 400 VALIDACAO.',
  },
  lojaHubBannersRemover: {
    summary: 'Removes a storefront banner.',
    description: 'Removes a storefront banner. Answers 204 with no body.',
  },
} satisfies Record<keyof typeof LOJA_HUB_ROWS, OperationProse>;
