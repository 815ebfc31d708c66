/** A product exactly as the API writes it (money as strings, timestamps as sent): what the store keeps. */
export type ProdutoWire = {
  sku: string;
  atualizadoEm: string;
  ativo: boolean;
  [campo: string]: unknown;
};

/**
 * JSON with object keys sorted at every depth, so two equal states always give the same text whatever
 * order the API (or jsonb) wrote their keys in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** The wire form of a parsed product: `Money` back to its string, unknown fields kept. */
export function toWire(produto: object): ProdutoWire {
  return JSON.parse(JSON.stringify(produto)) as ProdutoWire;
}

/** The product's state without its timestamp, as canonical JSON: equal text means equal content. */
export function stateKey(produto: ProdutoWire): string {
  const { atualizadoEm: _ignored, ...rest } = produto;
  return canonicalJson(rest);
}

/** `atualizadoEm` in epoch milliseconds (the offset applied); NaN when unreadable. */
export function instantOf(produto: ProdutoWire): number {
  return Date.parse(produto.atualizadoEm);
}
