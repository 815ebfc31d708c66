// The kit's own reading of the spec's product records, written from /work/shared/partner-api-spec.md:
// "Product (as in dados.produto of product events and product detail)", "Product stock (response of
// stock read and of the stock simulator)", and Events rule 1 (dados.produto is the whole product,
// precoAtual and the stock of every size included). Money as two-decimal strings, timestamps as
// ISO 8601 strings with offset ("General conventions").

/** An `{ id, nome }` item of `categorias`, `estilos` or `tags`. */
export interface RefWire {
  id: string;
  nome: string;
}

/** One size of a product and its stock. */
export interface NumeracaoWire {
  numeracao: string;
  skuVariacao: string;
  /** Whole pairs. */
  estoque: number;
}

/** The spec's Product. */
export interface ProdutoWire {
  /** Stable identifier, the same in both environments. */
  sku: string;
  titulo: string;
  /** Image URL. */
  imagem: string;
  /** Wholesale price, money string. */
  precoAtacado: string;
  /** Suggested price, money string. */
  precoSugerido: string;
  /** Price in the partner's own store, money string. */
  precoAtual: string;
  numeracoes: NumeracaoWire[];
  categorias: RefWire[];
  estilos: RefWire[];
  tags: RefWire[];
  /** False when the product is out of the catalog. */
  ativo: boolean;
  atualizadoEm: string;
}

/** The spec's Product stock. */
export interface EstoqueWire {
  sku: string;
  ativo: boolean;
  numeracoes: NumeracaoWire[];
  atualizadoEm: string;
}
