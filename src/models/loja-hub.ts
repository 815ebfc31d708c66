import * as z from 'zod/mini';
import { once } from '../internal/once.js';

// The spec lists the storefront's operations but shows none of its records; only `publicacao` of the
// configuration is named. Every record is open: whatever the API sends is kept.

/** The storefront configuration (GET /v1/loja-hub). */
export const lojaHubSchema = once(() => z.looseObject({
  /** Whether the storefront can be published and what is missing (HUB_NOT_READY points here); shape not shown. */
  publicacao: z.optional(z.unknown()),
}));

/** Storefront statistics. */
export const lojaHubEstatisticasSchema = once(() => z.looseObject({}));

/** Storefront appearance. */
export const lojaHubAparenciaSchema = once(() => z.looseObject({}));

/** A banner of the storefront. */
export const lojaHubBannerSchema = once(() => z.looseObject({}));

/** The storefront logo. */
export const lojaHubLogoSchema = once(() => z.looseObject({}));

/** A product selected for the storefront (with its own text, when set). */
export const lojaHubProdutoSchema = once(() => z.looseObject({}));

/** The storefront configuration; `publicacao` is named by the spec, its shape is not. */
export type LojaHub = z.output<ReturnType<typeof lojaHubSchema>>;
/** Storefront statistics, as sent. */
export type LojaHubEstatisticas = z.output<ReturnType<typeof lojaHubEstatisticasSchema>>;
/** Storefront appearance, as sent. */
export type LojaHubAparencia = z.output<ReturnType<typeof lojaHubAparenciaSchema>>;
/** A storefront banner, as sent. */
export type LojaHubBanner = z.output<ReturnType<typeof lojaHubBannerSchema>>;
/** The storefront logo, as sent. */
export type LojaHubLogo = z.output<ReturnType<typeof lojaHubLogoSchema>>;
/** A product of the storefront selection, as sent. */
export type LojaHubProduto = z.output<ReturnType<typeof lojaHubProdutoSchema>>;
