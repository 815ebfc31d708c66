import { ApiError, type PartnerCommerce } from '../../index.js';
import { CliFailure } from '../exit-codes.js';
import type { CliIo } from '../output.js';

/** What `--paginate` reads of an answer: the spec's pagination envelope, taken as loosely as it can be. */
interface PageRead {
  dados: unknown[];
  /** `null` when this was the last page. */
  next: string | null;
}

/** `request -i`: the status line and headers, then a blank line, as `curl -i` and `gh api -i` show them. */
export function printHead(io: CliIo, status: number, headers: Iterable<[string, string]>): void {
  io.out(`HTTP ${status}`);
  for (const [name, value] of headers) io.out(`${name}: ${value}`);
  io.out('');
}

/** `call`'s outcome; with `show`, an API error's status and headers are printed before it is reported, as `curl -i` does. */
export async function headOnError<T>(io: CliIo, show: boolean, call: PromiseLike<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (show && err instanceof ApiError) printHead(io, err.status, Object.entries(err.headers));
    throw err;
  }
}

/**
 * `request GET PATH --paginate`: the list at `path` and every page after it, one item per line
 * (JSON lines), each page asked with the same filters and the cursor the previous one gave.
 */
export async function walkPages(client: PartnerCommerce, path: string, query: Record<string, string>, include: boolean, io: CliIo): Promise<void> {
  const seen = new Set<string>();
  let cursor = query['cursor'];
  for (let page = 1; ; page++) {
    const { data, meta } = await headOnError(io, include, client.request('GET', path, { query: cursor === undefined ? query : { ...query, cursor } }).withMeta());
    if (include) printHead(io, meta.status, meta.headers);
    const { dados, next } = readPage(data, path, page);
    for (const item of dados) io.out(JSON.stringify(item));
    if (next === null) return;
    // A server that hands back a cursor it gave before would keep this loop going for ever.
    if (seen.has(next)) throw new CliFailure(`--paginate: page ${page} of GET ${path} gave a cursor seen before; stopped instead of looping`);
    seen.add(next);
    cursor = next;
  }
}

function readPage(data: unknown, path: string, page: number): PageRead {
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const dados = body['dados'];
  if (!Array.isArray(dados)) throw new CliFailure(`--paginate: page ${page} of GET ${path} is not a list page (no dados array); run it without --paginate`);
  const paginacao = typeof body['paginacao'] === 'object' && body['paginacao'] !== null ? (body['paginacao'] as Record<string, unknown>) : {};
  // As Page.proximaPagina: another page only when the server says so and gives where it starts.
  const next = paginacao['temMais'] === true && typeof paginacao['proximoCursor'] === 'string' && paginacao['proximoCursor'] !== '' ? paginacao['proximoCursor'] : null;
  return { dados, next };
}
