import { CliFailure, EXIT } from '../exit-codes.js';
import { isLoopbackHost, isLoopbackName } from '../sandbox/host-guard.js';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost']);

/**
 * @internal The port of `--http`: a port, or `127.0.0.1:port` / `localhost:port`. Any other host is
 * refused: the server acts with the partner's token, so only this machine may reach it.
 */
export function parseHttpListen(value: string): number {
  const at = value.lastIndexOf(':');
  const host = at < 0 ? undefined : value.slice(0, at);
  const port = at < 0 ? value : value.slice(at + 1);
  if (host !== undefined && !LOOPBACK_NAMES.has(host.toLowerCase())) {
    throw new CliFailure(`--http serves on 127.0.0.1 only (got host ${JSON.stringify(host)}): the tools act with your token, so nothing but this machine may reach them`, EXIT.usage);
  }
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65_535) throw new CliFailure(`--http must be a port from 0 to 65535 (got ${JSON.stringify(value)})`, EXIT.usage);
  return Number(port);
}

const refuse = (status: number, message: string): Response =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32_000, message }, id: null }), { status, headers: { 'content-type': 'application/json' } });

/**
 * @internal Answers only requests for `/mcp` whose Host is loopback on this port (a page that rebinds
 * its DNS name to 127.0.0.1 still sends its own name) and whose Origin, when a browser sends one, is
 * loopback too (a page elsewhere must not drive tools with the partner's token).
 */
export function loopbackGuard(handle: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const host = request.headers.get('host');
    if (host === null || !isLoopbackHost(host, url.port)) return refuse(421, `Host ${JSON.stringify(host)} refused: this server answers only localhost, 127.0.0.1 or [::1] on port ${url.port}`);
    const origin = request.headers.get('origin');
    // By name only: a page's port is its own (a dev server's, or none on the default port), not ours.
    if (origin !== null && !(URL.canParse(origin) && isLoopbackName(new URL(origin).hostname)))
      return refuse(403, `Origin ${JSON.stringify(origin)} refused: only pages on this machine may call this server`);
    if (url.pathname !== '/mcp') return refuse(404, 'the MCP endpoint is /mcp');
    return handle(request);
  };
}
