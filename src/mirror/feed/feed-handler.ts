import type { CatalogStore } from '../store/types.js';
import { nextStreamCursor } from './feed-cursor.js';
import { feedError } from './feed-errors.js';
import { formatOffset, parseOffset, START_OFFSET, type FeedCursor } from './feed-offset.js';
import { readFeed, type FeedPage } from './feed-read.js';
import type { TailWatch } from './tail-watch.js';

/** @internal What the feed's handler reads from and how long it holds a live request. */
export interface FeedHandlerOptions {
  store: () => Promise<CatalogStore>;
  feedId: string;
  watch: TailWatch;
  /** Path the feed answers at. */
  path: string;
  pageSize: number;
  maxPageSize: number;
  longPollMs: number;
  sseMs: number;
  /** A token guards the feed: cacheable answers are `private`, never kept by a shared cache. */
  private: boolean;
}

type Read = Exclude<FeedPage, { gone: true }>;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * @internal The read half of the Durable Streams protocol over the mirror's change feed: GET with
 * `offset` (`-1` the whole snapshot then the changes, `now` the tail), `limit` and `live`
 * (`long-poll`, `sse`); HEAD for the tail's offset. Every other method is 405: the feed is the
 * mirror's, written only by its sync.
 */
export function feedHandler(options: FeedHandlerOptions): (request: Request) => Promise<Response> {
  const cacheable = `${options.private ? 'private' : 'public'}, max-age=60`;
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== options.path) return feedError(404, 'NAO_ENCONTRADO', `O feed fica em ${options.path}.`);
    if (request.method !== 'GET' && request.method !== 'HEAD') return feedError(405, 'METODO_NAO_PERMITIDO', 'O feed do espelho só é lido: GET ou HEAD.', { allow: 'GET, HEAD' });
    const store = await options.store();
    if (request.method === 'HEAD') {
      const tail = formatOffset({ kind: 'changes', position: await store.lastPosition(), feedId: options.feedId });
      return new Response(null, { status: 200, headers: { 'content-type': JSON_TYPE, 'stream-next-offset': tail, 'cache-control': 'no-store' } });
    }
    const asked = parseQuery(url.searchParams, options.pageSize, options.maxPageSize);
    if (typeof asked === 'string') return feedError(400, 'PARAMETRO_INVALIDO', asked);
    const { cursor, limit, live } = asked;
    const read = (from: FeedCursor) => readFeed(store, from, limit, options.feedId);
    let page = await read(cursor);
    if (page.gone) return feedError(410, 'OFFSET_EXPIRADO', `Leia de novo desde offset=${START_OFFSET}: ${page.reason}.`);
    if (live === 'sse') return sse(page, read, options, request, url.searchParams.get('cursor'));
    const liveHeaders: Record<string, string> = live ? { 'stream-cursor': nextStreamCursor(url.searchParams.get('cursor')) } : {};
    if (live === 'long-poll' && page.messages.length === 0) {
      const deadline = Date.now() + options.longPollMs;
      while (page.messages.length === 0 && !request.signal.aborted && Date.now() < deadline) {
        await options.watch.wait(page.next.position, deadline - Date.now(), request.signal);
        const again = await read(page.next);
        if (again.gone) return feedError(410, 'OFFSET_EXPIRADO', `Leia de novo desde offset=${START_OFFSET}: ${again.reason}.`);
        page = again;
      }
      if (page.messages.length === 0) return new Response(null, { status: 204, headers: { ...headersOf(page), ...liveHeaders, 'cache-control': 'no-store' } });
    }
    const headers: Record<string, string> = { 'content-type': JSON_TYPE, ...headersOf(page), ...liveHeaders };
    // A live answer, or one at the tail, changes as the log grows; a catch-up page does not.
    headers['cache-control'] = live || page.upToDate ? 'no-store' : cacheable;
    if (!live && !page.upToDate) {
      const maxPosition = page.messages.reduce((max, m) => Math.max(max, m.position), 0);
      headers['etag'] = `"${url.searchParams.get('offset') ?? START_OFFSET}:${limit}:${formatOffset(page.next)}:${maxPosition}"`;
      if (matches(request.headers.get('if-none-match'), headers['etag'])) return new Response(null, { status: 304, headers });
    }
    return new Response(JSON.stringify(page.messages), { status: 200, headers });
  };
}

function headersOf(page: Read): Record<string, string> {
  const headers: Record<string, string> = { 'stream-next-offset': formatOffset(page.next) };
  if (page.upToDate) headers['stream-up-to-date'] = 'true';
  return headers;
}

/** `offset`, `limit` and `live`, or what is wrong with them. A `limit` above the maximum is clamped to it. */
function parseQuery(params: URLSearchParams, pageSize: number, maxPageSize: number): { cursor: FeedCursor; limit: number; live: false | 'long-poll' | 'sse' } | string {
  const offset = params.get('offset') ?? START_OFFSET;
  const cursor = parseOffset(offset);
  if (cursor === undefined) return `offset inválido: use ${START_OFFSET} (do início), now, ou o Stream-Next-Offset de uma resposta do feed.`;
  const limitText = params.get('limit');
  let limit = pageSize;
  if (limitText !== null) {
    if (!/^\d{1,16}$/.test(limitText) || Number(limitText) < 1) return `limit inválido: um inteiro de 1 a ${maxPageSize} (acima disso, vale ${maxPageSize}).`;
    limit = Math.min(Number(limitText), maxPageSize);
  }
  const live = params.get('live');
  if (live !== null && live !== 'long-poll' && live !== 'sse') return 'live inválido: long-poll ou sse.';
  return { cursor, limit, live: live ?? false };
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

/**
 * Server-sent events: a `data` event per page (the messages as one JSON array) and a `control` event
 * with `streamNextOffset` after it; at the tail it waits for commits, and ends after `sseMs` so the
 * client reconnects from its last offset (proxies cut long responses anyway).
 */
function sse(first: Read, read: (from: FeedCursor) => Promise<FeedPage>, options: FeedHandlerOptions, request: Request, echoed: string | null): Response {
  const encoder = new TextEncoder();
  const deadline = Date.now() + options.sseMs;
  const stop = new AbortController();
  const abort = () => stop.abort();
  request.signal.addEventListener('abort', abort, { once: true });
  const body = new ReadableStream<Uint8Array>({
    start: async (controller) => {
      let page: Read = first;
      let announce = true;
      const streamCursor = nextStreamCursor(echoed);
      try {
        while (!stop.signal.aborted) {
          if (page.messages.length > 0) controller.enqueue(encoder.encode(`event: data\ndata: ${JSON.stringify(page.messages)}\n\n`));
          // A wait that timed out with nothing new sends nothing: only news and the first position.
          if (page.messages.length > 0 || announce) {
            const control = { streamNextOffset: formatOffset(page.next), streamCursor, ...(page.upToDate ? { upToDate: true } : {}) };
            controller.enqueue(encoder.encode(`event: control\ndata: ${JSON.stringify(control)}\n\n`));
          }
          announce = false;
          if (Date.now() >= deadline) break;
          if (page.upToDate) await options.watch.wait(page.next.position, deadline - Date.now(), stop.signal);
          if (stop.signal.aborted) break;
          const next = await read(page.next);
          // Compacted away meanwhile: the reconnect gets the 410.
          if (next.gone) break;
          page = next;
        }
      } catch {
        // The store closed under the stream (the server closing): the client reconnects from its offset.
      } finally {
        request.signal.removeEventListener('abort', abort);
        try {
          controller.close();
        } catch {
          // Already cancelled by the client.
        }
      }
    },
    cancel: abort,
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'stream-cursor': nextStreamCursor(echoed) } });
}
