import { instantOf } from '../../dates/instant.js';
import { storableText, UNSTORABLE_CHAR } from '../../internal/storable-text.js';
import type { ProdutoWire } from './canonical.js';

/** Why a product state cannot be stored as sent: the field, and what is wrong with it. */
export interface UnstorableReason {
  /** Path of the offending field, e.g. `titulo` or `numeracoes[2].estoque`. */
  field: string;
  /** What the store cannot hold, in plain words. */
  reason: string;
}

// The stock column is a Postgres integer; anything outside it would fail the whole transaction.
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * @internal Why this product state cannot be stored faithfully, or undefined when it can. Checked
 * before any statement runs, so one hostile product is set aside (quarantined) instead of failing the
 * transaction of every product that arrived with it — on every store alike, the memory store included,
 * so a test on one store says what the others do.
 */
export function unstorable(produto: ProdutoWire): UnstorableReason | undefined {
  if (typeof produto.sku !== 'string' || produto.sku === '') return { field: 'sku', reason: 'not a non-empty string' };
  const text = badText(produto, '');
  if (text !== undefined) return text;
  if (instantOf(produto.atualizadoEm) === undefined) return { field: 'atualizadoEm', reason: 'not a readable timestamp' };
  return badSizes(produto.numeracoes);
}

function badText(value: unknown, path: string): UnstorableReason | undefined {
  if (typeof value === 'string') {
    const match = UNSTORABLE_CHAR.exec(value);
    if (!match) return undefined;
    const what = match[0] === '\u0000' ? 'a NUL character' : 'a lone UTF-16 surrogate';
    return { field: path || '(value)', reason: `holds ${what} (${storableText(match[0])}), which the store cannot hold` };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = badText(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const at = path ? `${path}.${storableText(key)}` : storableText(key);
      if (UNSTORABLE_CHAR.test(key)) return { field: at, reason: 'has a field name the store cannot hold' };
      const found = badText(inner, at);
      if (found) return found;
    }
  }
  return undefined;
}

function badSizes(numeracoes: unknown): UnstorableReason | undefined {
  if (!Array.isArray(numeracoes)) return undefined;
  const seen = new Set<string>();
  for (let i = 0; i < numeracoes.length; i++) {
    const size = numeracoes[i] as { skuVariacao?: unknown; numeracao?: unknown; estoque?: unknown } | null;
    const at = `numeracoes[${i}]`;
    if (size === null || typeof size !== 'object') return { field: at, reason: 'not an object' };
    if (typeof size.skuVariacao !== 'string' || size.skuVariacao === '') return { field: `${at}.skuVariacao`, reason: 'not a non-empty string' };
    if (typeof size.numeracao !== 'string' && typeof size.numeracao !== 'number') return { field: `${at}.numeracao`, reason: 'not a string' };
    const { estoque } = size;
    if (typeof estoque !== 'number' || !Number.isInteger(estoque) || estoque < INT32_MIN || estoque > INT32_MAX) {
      return { field: `${at}.estoque`, reason: `${String(estoque)} is not an integer from ${INT32_MIN} to ${INT32_MAX}` };
    }
    // Two sizes under one skuVariacao: which stock is true cannot be told, and the stock table keys on it.
    if (seen.has(size.skuVariacao)) return { field: `${at}.skuVariacao`, reason: `${size.skuVariacao} is listed twice in this product` };
    seen.add(size.skuVariacao);
  }
  return undefined;
}
