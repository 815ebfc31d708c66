import type { Catalog } from '../catalog/catalog.js';
import type { ProdutoRecord, RefRecord } from '../catalog/types.js';
import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { readMoney } from '../core/money.js';

// The driver is called by test code, so a mistake is an InvalidInputError naming the argument, thrown
// before anything changes (never an API error: no request is involved).

/** Refuses a driver argument: `path` is what the caller passed (`sku`, `precoAtacado`, `steps`...). */
export function refuse(path: string, message: string): never {
  throw new InvalidInputError({ path, message });
}

/** The product with `sku`. @throws {InvalidInputError} when the catalog has none. */
export function existing(catalog: Catalog, sku: unknown): ProdutoRecord {
  const produto = typeof sku === 'string' ? catalog.get(sku) : undefined;
  if (!produto) refuse('sku', `no product with sku ${JSON.stringify(sku)} in the fake catalog`);
  return produto;
}

/** A money string with two decimals. @throws {InvalidInputError} naming `campo`. */
export function money(value: unknown, campo: string): string {
  if (typeof value !== 'string' || readMoney(value) === undefined) refuse(campo, `must be a money string with two decimals, such as "129.90" (got ${JSON.stringify(value)})`);
  return value;
}

/** A non-empty string. @throws {InvalidInputError} naming `campo`. */
export function text(value: unknown, campo: string): string {
  if (typeof value !== 'string' || value.trim() === '') refuse(campo, `must be a non-empty string (got ${JSON.stringify(value)})`);
  return value;
}

/** An integer of at least 0. @throws {InvalidInputError} naming `campo`. */
export function stock(value: unknown, campo: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) refuse(campo, `must be an integer >= 0 (got ${String(value)})`);
  return value;
}

/** A list of `{ id, nome }`, copied. @throws {InvalidInputError} naming `campo`. */
export function refs(value: unknown, campo: string): RefRecord[] {
  const ok = Array.isArray(value) && value.every((r: unknown) => typeof r === 'object' && r !== null && typeof (r as RefRecord).id === 'string' && typeof (r as RefRecord).nome === 'string');
  if (!ok) refuse(campo, 'must be an array of { id: string, nome: string }');
  return (value as RefRecord[]).map((r) => ({ ...r }));
}
