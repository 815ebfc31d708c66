import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable as ReadableClass } from 'node:stream';

/** `node:stream`'s Readable, imported lazily with node:http. */
type NodeReadable = typeof ReadableClass;
import { ConnectionDropped } from '../core/dropped.js';
import type { FakeListenOptions, FakeServer } from '../types.js';
import { unknownOptionIssues } from '../../errors/check-options.js';
import { InvalidInputError } from '../../errors/invalid-input-error.js';

const LISTEN_OPTION_NAMES: ReadonlySet<string> = new Set(['port'] satisfies Array<keyof FakeListenOptions>);

/**
 * Serves any `(Request) => Promise<Response>` on 127.0.0.1, as `fake.listen()` serves the fake: for a
 * handler you wrapped around `fake.handle` (a route of your own, a header added), which `fake.listen()`
 * cannot serve. The command line's local sandbox is served this way. `node:http` is imported here,
 * lazily, so the testing module still loads on runtimes without it (edge workers use `fetch` or
 * `handle` instead). Exported from `partner-commerce/testing` as `serveFetch`.
 *
 * @example
 * const server = await serveFetch(async (request) => (new URL(request.url).pathname === '/health' ? new Response('ok') : fake.handle(request)));
 * // ... server.url ... then: await server.close();
 */
export async function listen(handle: (request: Request) => Promise<Response>, options: FakeListenOptions = {}): Promise<FakeServer> {
  const unknown = unknownOptionIssues(options, LISTEN_OPTION_NAMES, 'listen');
  if (unknown.length > 0) throw new InvalidInputError(unknown);
  const http = await import('node:http');
  const { Readable } = await import('node:stream');
  let origin = '';
  const server = http.createServer((req, res) => void serve(handle, origin, req, res, Readable));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive sockets would hold the port open until they time out.
        server.closeAllConnections();
      }),
  };
}

async function serve(handle: (request: Request) => Promise<Response>, origin: string, req: IncomingMessage, res: ServerResponse, Readable: NodeReadable): Promise<void> {
  // The client going away must abort a delayed answer, as it would on a real server.
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('client closed the connection'));
  });
  try {
    const request = toRequest(origin, req, controller.signal, Readable);
    const response = await handle(request);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    const body = new Uint8Array(await response.arrayBuffer());
    // A body left unread (refused before auth, or too large) is not drained: the connection closes.
    if (!req.complete) headers['connection'] = 'close';
    res.writeHead(response.status, headers);
    res.end(body);
  } catch (err) {
    if (err instanceof ConnectionDropped || controller.signal.aborted) {
      req.socket.destroy();
      return;
    }
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(`fake server error: ${String(err)}`);
  }
}

function toRequest(origin: string, req: IncomingMessage, signal: AbortSignal, Readable: NodeReadable): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  // Streamed, never buffered here: the fake checks auth first and reads at most its body bound.
  const body = method === 'GET' || method === 'HEAD' ? null : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  return new Request(origin + (req.url ?? '/'), { method, headers, body, signal, duplex: 'half' } as RequestInit);
}
