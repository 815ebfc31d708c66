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
