import { STOCK_DELAY_HEADER } from '../stock-delay.js';

const STOCK_ROUTE = /^\/v1\/sandbox\/produtos\/[^/]+\/estoque$/;

/**
 * Tells `trigger` the stock delay this sandbox runs with, on the stock simulator's answers, so what it
 * prints follows `--stock-delay` instead of the spec's "about a minute".
 */
export function withStockDelayHeader(handle: (request: Request) => Promise<Response>, delayMs: number): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await handle(request);
    if (request.method !== 'PUT' || !STOCK_ROUTE.test(new URL(request.url).pathname)) return response;
    const headers = new Headers(response.headers);
    headers.set(STOCK_DELAY_HEADER, String(delayMs));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
