import { lojaHubAparenciaSchema, lojaHubBannerSchema, lojaHubEstatisticasSchema, lojaHubLogoSchema, lojaHubProdutoSchema, lojaHubSchema } from '../models/loja-hub.js';
import { lojaHubAparenciaBodySchema, lojaHubAtualizarBodySchema, lojaHubProdutoAdicionarBodySchema, lojaHubTextoBodySchema } from '../models/requests/loja-hub.js';
import type { Operation } from './operation.js';
import { listRow, noFilters, row, uploadFields } from './row.js';

/** The storefront's pictures, as the local sandbox takes them (a PDF, a valid proof elsewhere, is refused). */
const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** @internal The storefront rows: configuration, appearance, logo, product selection and banners, by operation: the resource methods call them by name. */
export const LOJA_HUB_ROWS = {
  lojaHubObter: row({
    id: 'lojaHub.obter',
    method: 'GET',
    route: '/v1/loja-hub',
    source: 'stated',
    response: lojaHubSchema,
  }),
  lojaHubAtualizar: row({
    id: 'lojaHub.atualizar',
    method: 'PATCH',
    route: '/v1/loja-hub',
    source: 'inferred',
    body: lojaHubAtualizarBodySchema,
    response: lojaHubSchema,
  }),
  lojaHubPublicar: row({
    id: 'lojaHub.publicar',
    method: 'POST',
    route: '/v1/loja-hub/publicar',
    source: 'inferred',
    response: lojaHubSchema,
  }),
  lojaHubDespublicar: row({
    id: 'lojaHub.despublicar',
    method: 'POST',
    route: '/v1/loja-hub/despublicar',
    source: 'inferred',
    response: lojaHubSchema,
  }),
  lojaHubEstatisticas: row({
    id: 'lojaHub.estatisticas',
    method: 'GET',
    route: '/v1/loja-hub/estatisticas',
    source: 'inferred',
    // Not a paged list, but its one argument is the query's filters, none of which the spec shows.
    query: noFilters,
    response: lojaHubEstatisticasSchema,
  }),
  lojaHubAparencia: row({
    id: 'lojaHub.aparencia',
    method: 'GET',
    route: '/v1/loja-hub/aparencia',
    source: 'inferred',
    response: lojaHubAparenciaSchema,
  }),
  lojaHubAtualizarAparencia: row({
    id: 'lojaHub.atualizarAparencia',
    method: 'PATCH',
    route: '/v1/loja-hub/aparencia',
    source: 'inferred',
    body: lojaHubAparenciaBodySchema,
    response: lojaHubAparenciaSchema,
  }),
  lojaHubEnviarLogo: row({
    id: 'lojaHub.enviarLogo',
    method: 'PUT',
    route: '/v1/loja-hub/logo',
    source: 'inferred',
    body: 'multipart',
    uploadTypes: IMAGE_TYPES,
    response: lojaHubLogoSchema,
    fields: uploadFields,
  }),
  lojaHubRemoverLogo: row({
    id: 'lojaHub.removerLogo',
    method: 'DELETE',
    route: '/v1/loja-hub/logo',
    source: 'inferred',
  }),
  lojaHubProdutosListar: listRow({
    id: 'lojaHub.produtos.listar',
    route: '/v1/loja-hub/produtos',
    source: 'inferred',
    item: lojaHubProdutoSchema,
  }),
  lojaHubProdutosAdicionar: row({
    id: 'lojaHub.produtos.adicionar',
    method: 'POST',
    route: '/v1/loja-hub/produtos',
    source: 'inferred',
    statuses: [200, 201],
    body: lojaHubProdutoAdicionarBodySchema,
    response: lojaHubProdutoSchema,
    fields: () => lojaHubProdutoAdicionarBodySchema().shape,
  }),
  lojaHubProdutosRemover: row({
    id: 'lojaHub.produtos.remover',
    method: 'DELETE',
    route: '/v1/loja-hub/produtos/{sku}',
    source: 'inferred',
  }),
  lojaHubProdutosDefinirTexto: row({
    id: 'lojaHub.produtos.definirTexto',
    method: 'PUT',
    route: '/v1/loja-hub/produtos/{sku}/texto',
    source: 'inferred',
    body: lojaHubTextoBodySchema,
    response: lojaHubProdutoSchema,
  }),
  lojaHubBannersListar: listRow({
    id: 'lojaHub.banners.listar',
    route: '/v1/loja-hub/banners',
    source: 'inferred',
    item: lojaHubBannerSchema,
  }),
  lojaHubBannersAdicionar: row({
    id: 'lojaHub.banners.adicionar',
    method: 'POST',
    route: '/v1/loja-hub/banners',
    source: 'inferred',
    statuses: [200, 201],
    body: 'multipart',
    uploadTypes: IMAGE_TYPES,
    response: lojaHubBannerSchema,
    fields: uploadFields,
  }),
  lojaHubBannersRemover: row({
    id: 'lojaHub.banners.remover',
    method: 'DELETE',
    route: '/v1/loja-hub/banners/{bannerId}',
    source: 'inferred',
  }),
};

/** @internal The storefront rows: configuration, appearance, logo, product selection and banners. */
export const LOJA_HUB_OPERATIONS: readonly Operation[] = Object.values(LOJA_HUB_ROWS);
