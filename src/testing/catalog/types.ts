/** An `{ id, nome }` item of `categorias`, `estilos` and `tags`. */
export interface RefRecord {
  id: string;
  nome: string;
}

/** One size and its stock. */
export interface NumeracaoRecord {
  numeracao: string;
  skuVariacao: string;
  estoque: number;
}

/** A product exactly in the spec's Product shape (money as strings, timestamps with offset). */
export interface ProdutoRecord {
  sku: string;
  titulo: string;
  imagem: string;
  precoAtacado: string;
  precoSugerido: string;
  precoAtual: string;
  numeracoes: NumeracaoRecord[];
  categorias: RefRecord[];
  estilos: RefRecord[];
  tags: RefRecord[];
  ativo: boolean;
  atualizadoEm: string;
}

/** The spec's Product stock shape. */
export interface EstoqueRecord {
  sku: string;
  ativo: boolean;
  numeracoes: NumeracaoRecord[];
  atualizadoEm: string;
}
