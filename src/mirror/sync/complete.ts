import { UnexpectedResponseError } from '../../errors/unexpected-response-error.js';
import { productRequiredFields } from '../../models/produto.js';
import { toWire, type ProdutoWire } from '../apply/canonical.js';
import { mirrorCallOptions } from '../call-options.js';
import type { MirrorSource } from './source.js';

// The spec does not show the shape of list items: only `sku` is sure. A listed item missing a field the
// Product shape requires is fetched whole, so the mirror never stores a product it could not read back.
// The optional fields (titulo, imagem, prices but precoAtacado, classification) absent or null are how a
// tolerant reader sees them anyway: they cost no call.

/**
 * What fetching listed items whole costs a full scan: shown in `status()`, warned about and handed to
 * the CLI's progress before the first of those fetches is made.
 */
export interface FetchEstimate {
  /** Why they are fetched, in plain words. */
  reason: string;
  /** The required Product fields list items lacked, on the page that first needed fetches. */
  missingFields: string[];
  /** Items fetched whole per 100 listed, on that page. */
  perHundred: number;
  /**
   * Product fetches the whole scan is expected to make (the last finished scan's size at that rate);
   * null on a first scan, whose catalog size is not known yet.
   */
  expectedFetches: number | null;
  /** Calls the whole scan is expected to make: pages plus fetches; null when the size is not known. */
  expectedCalls: number | null;
  /** Product fetches this scan has made so far. */
  fetches: number;
}

/** @internal The listed items that lack a required Product field, and which fields. */
export function incomplete(listed: readonly object[]): { count: number; fields: string[] } {
  const fields = new Set<string>();
  let count = 0;
  for (const item of listed) {
    // Not an object (a page read leniently): set aside where it is applied, never fetched.
    if (!isObject(item)) continue;
    const missing = productRequiredFields().filter((f) => (item as Record<string, unknown>)[f] == null);
    if (missing.length === 0) continue;
    count++;
    for (const f of missing) fields.add(f);
  }
  return { count, fields: [...fields] };
}

/** @internal Listed products in wire form, each complete (fetched by sku when the list left a required field out). */
export async function completos(source: MirrorSource, listed: readonly object[], signal?: AbortSignal): Promise<{ produtos: ProdutoWire[]; chamadas: number }> {
  const produtos: ProdutoWire[] = [];
  let chamadas = 0;
  for (const item of listed) {
    const wire = toWire(item) as Partial<ProdutoWire>;
    // Complete, or no sku to fetch it by: applied as listed (one that does not fit is set aside there).
    if (incomplete([wire]).count === 0 || typeof wire.sku !== 'string' || wire.sku === '') {
      produtos.push(wire as ProdutoWire);
      continue;
    }
    chamadas++;
    produtos.push(await obterWire(source, wire.sku, signal));
  }
  return { produtos, chamadas };
}

/**
 * @internal One product, read by sku, in wire form. Read leniently (see `mirrorCallOptions`): a product
 * that does not fit the Product schema comes back as sent and is set aside where it is applied; an answer
 * that is no product at all is refused, as strict validation would.
 * @throws UnexpectedResponseError when the answer is not an object.
 */
export async function obterWire(source: MirrorSource, sku: string, signal?: AbortSignal): Promise<ProdutoWire> {
  const produto: unknown = await source.produtos.obter(sku, mirrorCallOptions(signal));
  if (!isObject(produto)) {
    throw new UnexpectedResponseError(`GET /v1/produtos/${sku} was accepted but its answer is not a product object`, { status: 200, issues: [{ path: '', message: 'not an object' }] });
  }
  return toWire(produto);
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
