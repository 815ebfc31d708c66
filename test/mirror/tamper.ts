/** Test helpers that change what the testing kit's fake answers, the way a hostile or unlucky server would. */

type Item = Record<string, unknown> & { sku: string };

/**
 * The fake's fetch with every page of `GET /v1/produtos` passed through `edit` (each item, by sku; an
 * item it maps to undefined is left out, as a product gone from the catalog) and,
 * when `date` is given, a `Date` header from it on every answer.
 */
export function tampering(fetch: typeof globalThis.fetch, edit: (item: Item) => Item | undefined, date?: () => Date): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(response.headers);
    if (date) headers.set('date', date().toUTCString());
    if (url.pathname !== '/v1/produtos' || !response.ok) return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    const body = (await response.json()) as { dados: Item[] };
    headers.delete('content-length');
    // JSON.stringify writes NUL and lone surrogates as \u escapes: the client reads them back as sent.
    return new Response(JSON.stringify({ ...body, dados: body.dados.map(edit).filter((p) => p !== undefined) }), { status: response.status, statusText: response.statusText, headers });
  };
}
