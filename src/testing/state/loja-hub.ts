/** An image of the storefront (logo or banner) as the fake keeps it: the file's facts, not its bytes. */
export type ImagemRecord = { id: string; nomeArquivo: string; tipoArquivo: string; tamanhoBytes: number; criadoEm: string };

/** A product of the storefront selection, with its own text when set. */
export type LojaHubProdutoRecord = { sku: string; texto: Record<string, unknown> | null; adicionadoEm: string; atualizadoEm: string };

/**
 * The partner's storefront ("storefront basics"): configuration, publication, selection, appearance,
 * logo and banners. The spec shows none of these records; see docs/testing.md for the fake's shapes.
 */
export class LojaHubState {
  /** Whether the storefront is online. */
  publicada = false;
  /** Configuration fields sent with PATCH /v1/loja-hub (`whatsapp`, `endereco`, `nome`...). */
  config: Record<string, unknown> = {};
  /** Appearance fields sent with PATCH /v1/loja-hub/aparencia. */
  aparencia: Record<string, unknown> = {};
  /** The logo, when one was sent. */
  logo: ImagemRecord | null = null;
  /** Banners by id, in upload order. */
  readonly banners = new Map<string, ImagemRecord>();
  /** Selected products by sku, in selection order. */
  readonly produtos = new Map<string, LojaHubProdutoRecord>();
}
