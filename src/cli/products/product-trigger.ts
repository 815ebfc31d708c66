import { TIPOS_EVENTO, type TipoEventoProduto } from '../../webhooks/index.js';
/**
 * Product events `trigger` causes through the local sandbox's catalog driver (`fake.catalog`): every
 * product kind of the spec, `produto.lote` included, taken from the one list of kinds.
 */
export const PRODUCT_EVENTS: readonly ProductEvent[] = Object.freeze(TIPOS_EVENTO.filter((kind): kind is ProductEvent => kind.startsWith('produto.')));

/** One of {@link PRODUCT_EVENTS}. */
export type ProductEvent = TipoEventoProduto | 'produto.lote';

/** Data of the changes, overriding the generated values; every field optional, each checked before anything is sent. */
export interface ProductOverrides {
  /** The product to change (or, for `produto.criado`, the new product's sku). */
  sku?: string | undefined;
  /** New title (`produto.nome_alterado`, `produto.criado`). */
  titulo?: string | undefined;
  /** New wholesale price, e.g. "129.90" (`produto.preco_atualizado`, `produto.criado`). */
  precoAtacado?: string | undefined;
  /** New suggested price, e.g. "249.90". */
  precoSugerido?: string | undefined;
  /** Size to set the stock of (`produto.estoque_atualizado`). */
  numeracao?: string | undefined;
  /** New stock of the size. */
  estoque?: number | undefined;
  /** Any Product fields as JSON (`produto.criado`: the new product; `produto.categorias_alteradas`: categorias, estilos, tags). */
  dados?: Record<string, unknown> | undefined;
}

/** What to cause: `count` notices of `evento` (for `produto.lote`, `count` lotes of `itens` items). */
export interface ProductTriggerPlan {
  evento: ProductEvent;
  /** Notices to cause. @default 1 */
  count?: number | undefined;
  /** Items per `produto.lote`. @default 10 */
  itens?: number | undefined;
  /** Deliver the notices in a shuffled order (out-of-order events). @default false */
  shuffle?: boolean | undefined;
  /** Share of notices delivered twice (same id), 0 to 1. @default 0 */
  dup?: number | undefined;
  /** Seed of the generated values, the shuffle and the duplicates. @default 0 */
  seed?: string | number | undefined;
  overrides?: ProductOverrides | undefined;
}

/** What the local sandbox did for a {@link ProductTriggerPlan}. */
export interface ProductTriggerReport {
  evento: ProductEvent;
  /** Changes made to the catalog. */
  changes: number;
  /** Notices delivered (duplicates included). */
  notices: number;
  /** Of which duplicates (second deliveries of one id). */
  duplicates: number;
  /** Whether the delivery order was shuffled. */
  shuffled: boolean;
  /** Skus changed, in change order (the first 20). */
  skus: string[];
}

/** Path of the local sandbox's control route (outside the API's `/v1`). */
export const PRODUCT_TRIGGER_PATH = '/_partner-commerce/produtos';

/**
 * Header carrying the local sandbox's control secret on its control route. A `svc_sbx_` token is
 * not enough there: any page or process can make one up, and the route sends signed notices.
 */
export const SANDBOX_CONTROL_HEADER = 'x-sandbox-control-secret';

/** Environment variable `trigger` reads the control secret from (the sandbox's banner prints it). */
export const SANDBOX_CONTROL_SECRET_ENV = 'PARTNER_COMMERCE_SANDBOX_CONTROL_SECRET';
