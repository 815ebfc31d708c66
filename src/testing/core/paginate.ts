import { decodeCursor, encodeCursor } from './cursor.js';
import { FakeApiError, parametroInvalido } from './fake-error.js';

/** The spec's pagination envelope. */
export interface Envelope<T> {
  dados: T[];
  paginacao: { proximoCursor: string | null; temMais: boolean };
}

const LIMITE_DEFAULT = 50;

/** Reads `limite` by the spec's rule: an integer from 1 to 100, 50 when absent. */
export function parseLimite(query: URLSearchParams): number {
  const text = query.get('limite');
  if (text === null) return LIMITE_DEFAULT;
  const value = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 1 && value <= 100)) throw parametroInvalido('limite', 'deve ser um inteiro de 1 a 100');
  return value;
}

/**
 * One page of `items` (already filtered) in `key` order, resuming after the query's `cursor`. Every list
 * route goes through here so cursors behave alike; `ordem` names the ordering a cursor is bound to.
 */
export function paginate<T>(items: readonly T[], key: (item: T) => string, query: URLSearchParams, ordem: string): Envelope<T> {
  const limite = parseLimite(query);
  const cursor = query.get('cursor');
  const depois = cursor === null ? undefined : readCursor(cursor, ordem);
  const sorted = [...items].sort((a, b) => compare(key(a), key(b)));
  // Resuming by key, not by position, keeps pages right when items change between calls.
  const rest = depois === undefined ? sorted : sorted.filter((item) => compare(key(item), depois) > 0);
  const dados = rest.slice(0, limite);
  const temMais = rest.length > dados.length;
  const last = dados[dados.length - 1];
  const proximoCursor = temMais && last !== undefined ? encodeCursor({ ordem, depois: key(last) }) : null;
  return { dados, paginacao: { proximoCursor, temMais } };
}

function readCursor(cursor: string, ordem: string): string {
  const state = decodeCursor(cursor, ordem);
  if (!state) throw new FakeApiError(400, 'CURSOR_INVALIDO', 'Cursor de paginação inválido; recomece a listagem sem cursor.');
  return state.depois;
}

// Plain code-unit order, the same in every locale.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
