import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { lojaHubAparenciaSchema, lojaHubBannerSchema, lojaHubEstatisticasSchema, lojaHubLogoSchema, lojaHubProdutoSchema, lojaHubSchema } from '../models/loja-hub.js';
import { lojaHubAparenciaBodySchema, lojaHubAtualizarBodySchema, lojaHubProdutoAdicionarBodySchema, lojaHubTextoBodySchema } from '../models/requests/loja-hub.js';
import type { LojaHubAtualizarParams, LojaHubEstatisticasParams } from '../resources/loja-hub.js';
import type { LojaHubBannerListarParams } from '../resources/loja-hub/banners.js';
import type { LojaHubProdutoListarParams, LojaHubTextoParams } from '../resources/loja-hub/produtos.js';
import type { Operation } from './operation.js';
import { listRow, row, text, uploadFields } from './row.js';

/** The statistics' filters are not shown by the spec: every one passes through to the query. */
const estatisticasFilters = once(() => z.looseObject({}));

/** @internal The storefront rows: configuration, appearance, logo, product selection and banners. */
export const LOJA_HUB_OPERATIONS: readonly Operation[] = [
  row({
    id: 'lojaHub.obter',
    method: 'GET',
    route: '/v1/loja-hub',
    source: 'stated',
    summary: 'The storefront configuration; `publicacao` says what publishing still needs.',
    response: lojaHubSchema,
    invoke: (client, _input, options) => client.lojaHub.obter(options),
  }),
  row({
    id: 'lojaHub.atualizar',
    method: 'PATCH',
    route: '/v1/loja-hub',
    source: 'inferred',
    summary: 'Changes the storefront configuration.',
    body: lojaHubAtualizarBodySchema,
    response: lojaHubSchema,
    invoke: (client, input, options) => client.lojaHub.atualizar(input['body'] as LojaHubAtualizarParams, options),
  }),
  row({
    id: 'lojaHub.publicar',
    method: 'POST',
    route: '/v1/loja-hub/publicar',
    source: 'inferred',
    summary: 'Publishes the storefront; HUB_NOT_READY lists what is missing.',
    response: lojaHubSchema,
    invoke: (client, _input, options) => client.lojaHub.publicar(options),
  }),
  row({
    id: 'lojaHub.despublicar',
    method: 'POST',
    route: '/v1/loja-hub/despublicar',
    source: 'inferred',
    summary: 'Takes the storefront offline.',
    response: lojaHubSchema,
    invoke: (client, _input, options) => client.lojaHub.despublicar(options),
  }),
  {
    ...row({
      id: 'lojaHub.estatisticas',
      method: 'GET',
      route: '/v1/loja-hub/estatisticas',
      source: 'inferred',
      summary: 'Storefront statistics; filters pass through as query parameters.',
      response: lojaHubEstatisticasSchema,
      invoke: (client, input, options) => client.lojaHub.estatisticas(input as LojaHubEstatisticasParams, options),
    }),
    // Not a paged list, but its one argument is the query's filters, spread at the top as a list's are.
    query: estatisticasFilters,
    input: estatisticasFilters,
  },
  row({
    id: 'lojaHub.aparencia',
    method: 'GET',
    route: '/v1/loja-hub/aparencia',
    source: 'inferred',
    summary: 'The storefront appearance.',
    response: lojaHubAparenciaSchema,
    invoke: (client, _input, options) => client.lojaHub.aparencia(options),
  }),
  row({
    id: 'lojaHub.atualizarAparencia',
    method: 'PATCH',
    route: '/v1/loja-hub/aparencia',
    source: 'inferred',
    summary: 'Changes the storefront appearance.',
    body: lojaHubAparenciaBodySchema,
    response: lojaHubAparenciaSchema,
    invoke: (client, input, options) => client.lojaHub.atualizarAparencia(input['body'] as LojaHubAtualizarParams, options),
  }),
  row({
    id: 'lojaHub.enviarLogo',
    method: 'PUT',
    route: '/v1/loja-hub/logo',
    source: 'inferred',
    summary: 'Uploads the storefront logo as multipart/form-data, replacing the current one.',
    body: 'multipart',
    response: lojaHubLogoSchema,
    fields: uploadFields,
    invoke: (client, input, options) => client.lojaHub.enviarLogo(text(input, 'arquivo'), { nomeArquivo: input['nomeArquivo'] as string | undefined }, options),
  }),
  row({
    id: 'lojaHub.removerLogo',
    method: 'DELETE',
    route: '/v1/loja-hub/logo',
    source: 'inferred',
    summary: 'Removes the storefront logo.',
    invoke: (client, _input, options) => client.lojaHub.removerLogo(options),
  }),
  listRow({
    id: 'lojaHub.produtos.listar',
    route: '/v1/loja-hub/produtos',
    source: 'inferred',
    summary: 'Lists the products selected for the storefront, page by page.',
    item: lojaHubProdutoSchema,
    invoke: (client, input, options) => client.lojaHub.produtos.listar(input as LojaHubProdutoListarParams, options),
  }),
  row({
    id: 'lojaHub.produtos.adicionar',
    method: 'POST',
    route: '/v1/loja-hub/produtos',
    source: 'inferred',
    summary: 'Adds a catalog product to the storefront.',
    body: lojaHubProdutoAdicionarBodySchema,
    response: lojaHubProdutoSchema,
    fields: () => lojaHubProdutoAdicionarBodySchema().shape,
    invoke: (client, input, options) => client.lojaHub.produtos.adicionar(text(input, 'sku'), options),
  }),
  row({
    id: 'lojaHub.produtos.remover',
    method: 'DELETE',
    route: '/v1/loja-hub/produtos/{sku}',
    source: 'inferred',
    summary: 'Takes a product off the storefront; the catalog is unchanged.',
    invoke: (client, input, options) => client.lojaHub.produtos.remover(text(input, 'sku'), options),
  }),
  row({
    id: 'lojaHub.produtos.definirTexto',
    method: 'PUT',
    route: '/v1/loja-hub/produtos/{sku}/texto',
    source: 'inferred',
    summary: "Sets the storefront's own text of a product.",
    body: lojaHubTextoBodySchema,
    response: lojaHubProdutoSchema,
    invoke: (client, input, options) => client.lojaHub.produtos.definirTexto(text(input, 'sku'), input['body'] as LojaHubTextoParams, options),
  }),
  listRow({
    id: 'lojaHub.banners.listar',
    route: '/v1/loja-hub/banners',
    source: 'inferred',
    summary: 'Lists the storefront banners, page by page.',
    item: lojaHubBannerSchema,
    invoke: (client, input, options) => client.lojaHub.banners.listar(input as LojaHubBannerListarParams, options),
  }),
  row({
    id: 'lojaHub.banners.adicionar',
    method: 'POST',
    route: '/v1/loja-hub/banners',
    source: 'inferred',
    summary: 'Uploads a banner image as multipart/form-data.',
    body: 'multipart',
    response: lojaHubBannerSchema,
    fields: uploadFields,
    invoke: (client, input, options) => client.lojaHub.banners.adicionar(text(input, 'arquivo'), { nomeArquivo: input['nomeArquivo'] as string | undefined }, options),
  }),
  row({
    id: 'lojaHub.banners.remover',
    method: 'DELETE',
    route: '/v1/loja-hub/banners/{bannerId}',
    source: 'inferred',
    summary: 'Removes a storefront banner.',
    invoke: (client, input, options) => client.lojaHub.banners.remover(text(input, 'bannerId'), options),
  }),
];
