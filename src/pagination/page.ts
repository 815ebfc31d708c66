import type { ResponseMeta } from '../transport/response-meta.js';

/** @internal Fetches the page that starts at `cursor` (`undefined` for the first). */
export type PageFetcher<T> = (cursor: string | undefined) => Promise<Page<T>>;

/** One page of a list: its items, where the next one starts, and the call's metadata. */
export class Page<T> {
  /** Items of this page. */
  readonly dados: T[];
  /** Cursor of the next page, `null` at the end. Save it as a checkpoint to resume later with `cursor`. */
  readonly proximoCursor: string | null;
  /** `false` when this is the last page: the scan is finished. */
  readonly temMais: boolean;
  /** Metadata of the call that fetched this page. */
  readonly meta: ResponseMeta;
  readonly #fetch: PageFetcher<T>;

  /** @internal */
  constructor(init: { dados: T[]; proximoCursor: string | null; temMais: boolean; meta: ResponseMeta }, fetch: PageFetcher<T>) {
    this.dados = init.dados;
    this.proximoCursor = init.proximoCursor;
    this.temMais = init.temMais;
    this.meta = init.meta;
    this.#fetch = fetch;
  }

  /** Fetches the next page with the same filters, or gives `null` at the end. */
  async proximaPagina(): Promise<Page<T> | null> {
    return hasNextPage(this) ? this.#fetch(this.proximoCursor as string) : null;
  }
}

/**
 * @internal True when another page follows: the server says so and says where it starts. A page
 * with `temMais` but no cursor is taken as the last, rather than asking for the first page again.
 */
export function hasNextPage(page: Pick<Page<unknown>, 'temMais' | 'proximoCursor'>): boolean {
  return page.temMais && page.proximoCursor !== null;
}
