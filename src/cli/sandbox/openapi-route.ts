import { openApiDocument } from '../../openapi/index.js';

/** Where the local sandbox serves the package's OpenAPI document. */
export const OPENAPI_ROUTE = '/openapi.json';

/**
 * `GET /openapi.json`: the same document the package ships (`partner-commerce/openapi.json`), without
 * a token, so a team on another language can point its client generator or mock server at the
 * sandbox it already runs. Written on the first request only: a sandbox nobody asks never builds it.
 * Not counted by the fake's rate limit: it is the sandbox's own route, not the API's. Its first server
 * is the address the request reached, so a generator or a mock pointed here calls this sandbox.
 */
export function withOpenApiRoute(handle: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  // One text per address the sandbox was reached at (loopback by name or by number); the Host header is
  // the caller's to choose, so only the first few are kept.
  const texts = new Map<string, string>();
  return async (request) => {
    const url = new URL(request.url);
    if (request.method !== 'GET' || url.pathname !== OPENAPI_ROUTE) return handle(request);
    let text = texts.get(url.origin);
    if (text === undefined) {
      text = JSON.stringify(openApiDocument({ serverUrl: url.origin }));
      if (texts.size < 8) texts.set(url.origin, text);
    }
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  };
}
