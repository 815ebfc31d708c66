import * as z from 'zod/mini';
import { once } from '../../internal/once.js';
import { nonEmptyText } from './text.js';

// The spec names the storefront's operations and shows none of their bodies: open objects, except
// the product selection, whose `{ sku }` the SDK builds and checks itself.

/** Body of PATCH /v1/loja-hub (the configuration). */
export const lojaHubAtualizarBodySchema = once(() => z.looseObject({}));

/** Body of PATCH /v1/loja-hub/aparencia. */
export const lojaHubAparenciaBodySchema = once(() => z.looseObject({}));

/** Body of POST /v1/loja-hub/produtos, as the SDK builds it. */
export const lojaHubProdutoAdicionarBodySchema = once(() => z.object({ sku: nonEmptyText() }));

/** Body of PUT /v1/loja-hub/produtos/{sku}/texto. */
export const lojaHubTextoBodySchema = once(() => z.looseObject({}));
