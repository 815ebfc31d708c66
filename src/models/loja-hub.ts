import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { optionalField } from './optional-field.js';

// The spec lists the storefront's operations but shows none of its records; only `publicacao` of the
// configuration is named. Every record is open: whatever the API sends is kept. The fields typed are
// those the local sandbox sends, each optional, as the spec guarantees none.

/** The storefront configuration (GET /v1/loja-hub). */
export const lojaHubSchema = once(() =>
  z.looseObject({
    /** The storefront's WhatsApp (publishing needs it: HUB_NOT_READY). */
    whatsapp: optionalField(z.string()),
    /** The storefront's address (publishing needs it: HUB_NOT_READY). */
    endereco: optionalField(z.looseObject({ cep: optionalField(z.string()), rua: optionalField(z.string()) })),
    /** Whether the storefront is published. */
    publicada: optionalField(z.boolean()),
    /** Whether the storefront can be published and what is missing (HUB_NOT_READY points here); shape not shown. */
    publicacao: z.optional(z.unknown()),
  }),
);

/** Storefront statistics. */
export const lojaHubEstatisticasSchema = once(() =>
  z.looseObject({
    publicada: optionalField(z.boolean()),
    /** Products in the selection. */
    produtos: optionalField(z.int()),
    banners: optionalField(z.int()),
    visitas: optionalField(z.int()),
    pedidos: optionalField(z.int()),
  }),
);

/** Storefront appearance: the fields the partner set, kept as sent. */
export const lojaHubAparenciaSchema = once(() =>
  z.looseObject({
    /** The main colour, as the partner set it (`#112233`). */
    corPrimaria: optionalField(z.string()),
  }),
);

// A logo and a banner are the same kind of record: an uploaded image's facts.
const imagemShape = () => ({
  id: z.optional(z.string()),
  nomeArquivo: optionalField(z.string()),
  /** Media type, read from the content. */
  tipoArquivo: optionalField(z.string()),
  tamanhoBytes: optionalField(z.int()),
  criadoEm: optionalField(timestampSchema()),
});

/** A banner of the storefront. */
export const lojaHubBannerSchema = once(() => z.looseObject(imagemShape()));

/** The storefront logo. */
export const lojaHubLogoSchema = once(() => z.looseObject(imagemShape()));

/** A product selected for the storefront (with its own text, when set). */
export const lojaHubProdutoSchema = once(() =>
  z.looseObject({
    sku: optionalField(z.string()),
    titulo: optionalField(z.string()),
    ativo: optionalField(z.boolean()),
    /** Whether it can be sold now (active, with stock). */
    disponivel: optionalField(z.boolean()),
    /** The storefront's own text for it (set with `definirTexto`), or null. */
    texto: optionalField(z.looseObject({ titulo: optionalField(z.string()), descricao: optionalField(z.string()) })),
    adicionadoEm: optionalField(timestampSchema()),
    atualizadoEm: optionalField(timestampSchema()),
  }),
);

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
