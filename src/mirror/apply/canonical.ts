import { canonicalJson } from '../../internal/canonical-json.js';

/** A product exactly as the API writes it (money as strings, timestamps as sent): what the store keeps. */
export type ProdutoWire = {
  sku: string;
  atualizadoEm: string;
  ativo: boolean;
  [campo: string]: unknown;
};

/** The wire form of a parsed product: `Money` back to its string, unknown fields kept. */
export function toWire(produto: object): ProdutoWire {
  return JSON.parse(JSON.stringify(produto)) as ProdutoWire;
}

/** The product's state without its timestamp, as canonical JSON: equal text means equal content. */
export function stateKey(produto: ProdutoWire): string | undefined {
  const { atualizadoEm: _ignored, ...rest } = produto;
  return canonicalJson(rest);
}
