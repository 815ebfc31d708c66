import { Page, type PageFetcher } from './page.js';

/**
 * What a list method returns. `await` it for the first {@link Page}; `for await` over it for every
 * item of every page, fetched lazily one page at a time (memory stays flat however long the list);
 * `.paginas()` for page after page (to save `proximoCursor` checkpoints). Nothing is requested
 * until one of these is used.
 */
export class PagePromise<T> implements Promise<Page<T>>, AsyncIterable<T> {
  readonly #fetch: PageFetcher<T>;
  readonly #cursor: string | undefined;
  #first: Promise<Page<T>> | undefined;

  /** @internal */
  constructor(fetch: PageFetcher<T>, cursor: string | undefined) {
    this.#fetch = fetch;
    this.#cursor = cursor;
  }

  #firstPage(): Promise<Page<T>> {
    this.#first ??= this.#fetch(this.#cursor);
    return this.#first;
  }

  then<A = Page<T>, B = never>(onfulfilled?: ((value: Page<T>) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return this.#firstPage().then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<T> | B> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<Page<T>> {
    return this.#firstPage().finally(onfinally);
  }

  /** Every page in order, fetching the next only when the loop asks for it. */
  async *paginas(): AsyncGenerator<Page<T>, void, undefined> {
    // The first page is not memoised here: a long scan must not keep page one alive to the end.
    let page: Page<T> | null = await (this.#first ?? this.#fetch(this.#cursor));
    while (page) {
      yield page;
      page = await page.proximaPagina();
    }
  }

  /** Every item of every page. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.paginas()) yield* page.dados;
  }

  get [Symbol.toStringTag](): string {
    return 'PagePromise';
  }
}

export { Page };
