import type * as core from 'zod/v4/core';
import { pageEnvelopeSchema } from '../models/pagination.js';
import type { QueryValue } from '../transport/query.js';
import type { Transport } from '../transport/transport.js';
import type { RequestOptions } from '../transport/request-options.js';
import { Page } from './page.js';
import { PagePromise } from './page-promise.js';

/** @internal A list operation as a resource describes it. */
export interface ListSpec<S extends core.$ZodType> {
  /** The SDK method (`pedidos.listar`), for hooks and telemetry. */
  operation: string;
  route: string;
  pathParams?: Readonly<Record<string, string>> | undefined;
  /**
   * The checked query to send (`limite`, filters in their wire form): called once, when the first page
   * is fetched, so a refusal is that fetch's rejection, with nothing sent.
   */
  query: () => Record<string, QueryValue>;
  /** The cursor of the first page (a saved `proximoCursor`), if any. */
  cursor?: string | undefined;
  /** Schema of one item of `dados`. */
  item: S;
  options?: RequestOptions | undefined;
}

/**
 * @internal Builds the {@link PagePromise} of a list: the query is checked once, then every
 * page is one GET through the transport (so through the limiter and the retry rules).
 */
export function paginate<S extends core.$ZodType>(transport: Transport, spec: ListSpec<S>): PagePromise<core.output<S>> {
  type T = core.output<S>;
  const envelope = pageEnvelopeSchema(spec.item);
  let query: Record<string, QueryValue> | undefined;
  const fetchPage = async (cursor: string | undefined): Promise<Page<T>> => {
    query ??= spec.query();
    const { data, meta } = await transport
      .call({ operation: spec.operation, method: 'GET', route: spec.route, params: spec.pathParams, query: { ...query, cursor }, schema: envelope, options: spec.options })
      .withMeta();
    const body = data as { dados: T[]; paginacao: { proximoCursor: string | null; temMais: boolean } };
    return new Page({ dados: body.dados, proximoCursor: body.paginacao.proximoCursor, temMais: body.paginacao.temMais, meta }, fetchPage);
  };
  return new PagePromise<T>(fetchPage, spec.cursor);
}
