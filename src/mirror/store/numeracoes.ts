/** One size of a stored product. */
export interface NumeracaoWire {
  numeracao: string;
  skuVariacao: string;
  estoque: number;
}

/** @internal The sizes of a stored product, tolerant of a product the API sent without them. */
export function numeracoesOf(produto: object | undefined): NumeracaoWire[] {
  const list = (produto as { numeracoes?: unknown } | undefined)?.numeracoes;
  return Array.isArray(list) ? (list as NumeracaoWire[]) : [];
}
