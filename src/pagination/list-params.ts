import { toDateParam } from '../dates/index.js';
import { InvalidInputError, type InputIssue } from '../errors/invalid-input-error.js';
import type { QueryValue } from '../transport/query.js';

/** Parameters every list takes. Extra filters pass through to the query string untouched. */
export interface ListarParams {
  /** Page size, 1 to 100. @default 50 (server side) */
  limite?: number | undefined;
  /** Resume from a saved `proximoCursor`. Valid only with the same filters and ordering. */
  cursor?: string | undefined;
  /** Filters the SDK does not know yet; sent as query parameters. */
  [filtro: string]: QueryValue;
}

/**
 * @internal Checks list parameters before anything is sent and returns the query to send. Date
 * filters (`dateParams`) must carry an offset; Dates are sent as ISO strings in UTC.
 */
export function checkListParams(params: ListarParams | undefined, dateParams: readonly string[] = []): Record<string, QueryValue> {
  if (params === undefined) return {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new InvalidInputError({ path: 'params', message: 'must be an object' });
  }
  const issues: InputIssue[] = [];
  const query: Record<string, QueryValue> = { ...params };
  const { limite, cursor } = params;
  if (limite !== undefined && !(typeof limite === 'number' && Number.isInteger(limite) && limite >= 1 && limite <= 100)) {
    issues.push({ path: 'limite', message: 'must be an integer from 1 to 100' });
  }
  if (cursor !== undefined && !(typeof cursor === 'string' && cursor !== '')) {
    issues.push({ path: 'cursor', message: 'must be a non-empty string (a proximoCursor from an earlier page)' });
  }
  for (const name of dateParams) {
    const value = params[name];
    if (value === undefined) continue;
    try {
      query[name] = toDateParam(value as Date | string, name);
    } catch (err) {
      if (!(err instanceof InvalidInputError)) throw err;
      issues.push(...err.issues);
    }
  }
  if (issues.length > 0) throw new InvalidInputError(issues);
  return query;
}
