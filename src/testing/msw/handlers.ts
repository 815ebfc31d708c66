import { http, type HttpHandler } from 'msw';
import { ConnectionDropped } from '../core/dropped.js';
import { originOf } from '../fake-origin.js';
import type { FakeApi } from '../types.js';

/**
 * msw request handlers that answer every `/v1/...` request from `fake`, for
 * `setupServer(...mswHandlers(fake))`: the client keeps the default global `fetch`. With the fake's
 * `baseUrl` option only that origin is intercepted, so other hosts (a webhook receiver) stay free for
 * other handlers; otherwise any origin. A drop fault becomes msw's network error, so `fetch` rejects
 * with a TypeError as on a real drop.
 *
 * @example
 * ```ts
 * import { createFakeApi } from 'partner-commerce/testing';
 * import { mswHandlers } from 'partner-commerce/testing/msw';
 * import { setupServer } from 'msw/node';
 *
 * const fake = createFakeApi({ baseUrl: 'https://sandbox.example.test' });
 * const server = setupServer(...mswHandlers(fake));
 * ```
 */
export function mswHandlers(fake: FakeApi): HttpHandler[] {
  const baseUrl = originOf(fake);
  const path = baseUrl === undefined ? '*/v1/*' : `${baseUrl}/v1/*`;
  return [
    http.all(path, async ({ request }) => {
      try {
        return await fake.handle(request);
      } catch (err) {
        if (err instanceof ConnectionDropped) return Response.error();
        throw err;
      }
    }),
  ];
}
