import * as z from 'zod/mini';
import { once } from '../../internal/once.js';
import { described, nonBlankInSandbox, nonEmptyText } from './text.js';

// The spec names the storefront's operations and shows none of their bodies: open objects, except
// the product selection, whose `{ sku }` the SDK builds and checks itself.

/** Body of PATCH /v1/loja-hub (the configuration). */
export const lojaHubAtualizarBodySchema = once(() => described(z.looseObject({}), 'Configuration fields to change (not shown by the spec; sent as given)'));

/** Body of PATCH /v1/loja-hub/aparencia. */
export const lojaHubAparenciaBodySchema = once(() => described(z.looseObject({}), 'Appearance fields to change (not shown by the spec; sent as given)'));

/** Body of POST /v1/loja-hub/produtos, as the SDK builds it. */
export const lojaHubProdutoAdicionarBodySchema = once(() => z.object({ sku: nonBlankInSandbox(described(nonEmptyText(), 'Sku of the catalog product to add')) }));

/** Body of PUT /v1/loja-hub/produtos/{sku}/texto. */
export const lojaHubTextoBodySchema = once(() => described(z.looseObject({}), "The product's own storefront text (not shown by the spec; sent as given)"));
