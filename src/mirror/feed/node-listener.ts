import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadBuiltin } from '../../internal/node-builtin.js';

/** @internal A listening `node:http` server over a fetch-style handler. */
export interface NodeListener {
  port: number;
  close(): Promise<void>;
}

/**
 * @internal Serves `handle` with `node:http` on `host`:`port`, streaming each answer's body as it is
 * produced (server-sent events). `node:http` is loaded here, when a feed starts, so the mirror entry
 * still loads where Node's built-ins are absent.
 */
export async function listenNode(handle: (request: Request) => Promise<Response>, host: string, port: number): Promise<NodeListener> {
  const http = await loadBuiltin<typeof import('node:http')>('node:http');
  let origin = '';
  const server: Server = http.createServer((req, res) => void serve(handle, origin, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  // The request's URL carries the bound port, which the Host check compares with.
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive sockets and open streams would hold the port until they time out.
        server.closeAllConnections();
      }),
  };
}

async function serve(handle: (request: Request) => Promise<Response>, origin: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  // Origin-form only: an absolute-form target (`GET http://other/…`) would put another host in the URL.
  if (!(req.url ?? '').startsWith('/')) {
    res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    return void res.end(JSON.stringify({ erro: { codigo: 'PARAMETRO_INVALIDO', mensagem: 'Alvo da requisição inválido: use um caminho como /feed.', detalhes: [] } }));
  }
  try {
    const headers = new Headers();
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    // No body is read: the feed answers GET and HEAD only, and refuses the rest unread.
    const response = await handle(new Request(origin + req.url, { method: req.method ?? 'GET', headers, signal: controller.signal }));
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => (out[name] = value));
    res.writeHead(response.status, out);
    if (response.body === null || req.method === 'HEAD') return void res.end();
    const reader = response.body.getReader();
    controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  } catch {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
    res.end(res.headersSent ? undefined : JSON.stringify({ erro: { codigo: 'ERRO_INTERNO', mensagem: 'O feed não conseguiu ler o espelho.', detalhes: [] } }));
  }
}
