/** An `{ id, nome }` item of `categorias`, `estilos` and `tags`. */
export type RefRecord = {
  id: string;
  nome: string;
};

/** One size and its stock. */
export type NumeracaoRecord = {
  numeracao: string;
  skuVariacao: string;
  estoque: number;
};

/** A product exactly in the spec's Product shape (money as strings, timestamps with offset). */
export type ProdutoRecord = {
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
};

/** The spec's Product stock shape. */
export type EstoqueRecord = {
  sku: string;
  ativo: boolean;
  numeracoes: NumeracaoRecord[];
  atualizadoEm: string;
};
