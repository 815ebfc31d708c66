import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectionDropped } from '../core/dropped.js';
import type { FakeListenOptions, FakeServer } from '../types.js';

/**
 * Serves `handle` on 127.0.0.1. `node:http` is imported here, lazily, so the testing module still
 * loads on runtimes without it (edge workers use `fetch` or `handle` instead).
 */
export async function listen(handle: (request: Request) => Promise<Response>, options: FakeListenOptions = {}): Promise<FakeServer> {
  const http = await import('node:http');
  let origin = '';
  const server = http.createServer((req, res) => void serve(handle, origin, req, res));
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

async function serve(handle: (request: Request) => Promise<Response>, origin: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // The client going away must abort a delayed answer, as it would on a real server.
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('client closed the connection'));
  });
  try {
    const request = await toRequest(origin, req, controller.signal);
    const response = await handle(request);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    const body = new Uint8Array(await response.arrayBuffer());
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

async function toRequest(origin: string, req: IncomingMessage, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Uint8Array[] = [];
    for await (const chunk of req) chunks.push(chunk as Uint8Array);
    body = concat(chunks);
  }
  return new Request(origin + (req.url ?? '/'), { method, headers, body: body ?? null, signal });
}

function concat(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
