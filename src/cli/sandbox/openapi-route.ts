import { openApiDocument } from '../../openapi/index.js';

/** Where the local sandbox serves the package's OpenAPI document. */
export const OPENAPI_ROUTE = '/openapi.json';

/**
 * `GET /openapi.json`: the same document the package ships (`partner-commerce/openapi.json`), without
 * a token, so a team on another language can point its client generator or mock server at the
 * sandbox it already runs. Written on the first request only: a sandbox nobody asks never builds it.
 * Not counted by the fake's rate limit: it is the sandbox's own route, not the API's.
 */
export function withOpenApiRoute(handle: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  let text: string | undefined;
  return async (request) => {
    if (request.method !== 'GET' || new URL(request.url).pathname !== OPENAPI_ROUTE) return handle(request);
    text ??= JSON.stringify(openApiDocument());
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  };
}
