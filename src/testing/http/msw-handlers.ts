import type { HttpHandler, http as mswHttp } from 'msw';
import { PartnerCommerceError } from '../../errors/partner-commerce-error.js';
import { ConnectionDropped } from '../core/dropped.js';

/** The part of msw the fake uses. */
interface Msw {
  http: typeof mswHttp;
}

/**
 * msw handlers that answer every `/v1/...` request (of `baseUrl` only, when given) from the fake. A
 * drop fault becomes msw's network error, so `fetch` rejects with a TypeError as on a real drop.
 * @throws {PartnerCommerceError} when msw cannot be loaded (the package's one error family).
 */
export function mswHandlers(handle: (request: Request) => Promise<Response>, baseUrl: string | undefined): HttpHandler[] {
  const { http } = loadMsw();
  const path = baseUrl === undefined ? '*/v1/*' : `${baseUrl}/v1/*`;
  return [
    http.all(path, async ({ request }) => {
      try {
        return await handle(request);
      } catch (err) {
        if (err instanceof ConnectionDropped) return Response.error();
        throw err;
      }
    }),
  ];
}

/**
 * Loads msw synchronously (the `handlers` getter cannot await), and only when asked: the testing
 * entry itself imports neither msw nor any `node:` module, so it loads where msw is not installed and
 * on edge runtimes.
 */
function loadMsw(): Msw {
  const load = nodeRequire();
  if (!load) {
    throw new PartnerCommerceError('fake.handlers needs a runtime that can load msw synchronously (Node 20.16+ or Bun). Elsewhere pass fake.fetch to the client, or write the handler yourself: http.all("*/v1/*", ({ request }) => fake.handle(request)).');
  }
  try {
    return load('msw') as Msw;
  } catch (cause) {
    throw new PartnerCommerceError(
      'fake.handlers could not load msw, an optional peer dependency of partner-commerce: install it (npm install --save-dev msw). Loading it from the ES module build needs Node 20.16+; otherwise pass fake.fetch to the client.',
      { cause },
    );
  }
}

/**
 * A `require` for msw. First `createRequire(import.meta.url)` through `process.getBuiltinModule`
 * (Node 20.16+, Bun): it works in both builds, as tsup gives the CommonJS build a file URL for
 * `import.meta.url`. Only without it, the module's own `require` (CommonJS build on older Node). The
 * order matters: in the ES module build the bundler turns `require` into a stub that is a function but
 * throws when called.
 */
function nodeRequire(): ((id: string) => unknown) | undefined {
  const url: string | undefined = import.meta.url;
  const nodeModule = globalThis.process?.getBuiltinModule?.('node:module');
  if (url && nodeModule) return nodeModule.createRequire(url);
  return typeof require === 'function' ? require : undefined;
}
