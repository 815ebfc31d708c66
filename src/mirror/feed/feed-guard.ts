import { isLoopbackHost } from '../../internal/loopback-host.js';
import { feedError } from './feed-errors.js';

/** @internal Who may read the feed. */
export interface FeedGuardOptions {
  /** Bound to loopback: only a loopback Host with the server's port is answered (DNS rebinding). */
  loopback: boolean;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token: string | undefined;
}

/**
 * @internal Wraps the feed's handler: a foreign Host on a loopback bind is refused with 421 before
 * anything is read, as the local sandbox refuses it; a missing or wrong token with 401. The token is
 * compared through SHA-256 digests in constant time, so neither its content nor its length leaks.
 */
export function guardFeed(options: FeedGuardOptions, handle: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  const expected = options.token === undefined ? undefined : digest(options.token);
  return async (request) => {
    if (options.loopback) {
      const host = request.headers.get('host');
      const port = new URL(request.url).port;
      if (host === null || !isLoopbackHost(host, port)) {
        return feedError(
          421,
          'HOST_NAO_PERMITIDO',
          `Host ${host === null ? 'ausente' : JSON.stringify(host.slice(0, 100))} recusado: o feed só atende localhost, 127.0.0.1 ou [::1] na porta ${port} (proteção contra DNS rebinding).`,
        );
      }
    }
    if (expected !== undefined) {
      const given = /^Bearer +(\S+) *$/i.exec(request.headers.get('authorization') ?? '')?.[1];
      if (given === undefined || !sameBytes(await digest(given), await expected)) {
        return feedError(401, 'NAO_AUTORIZADO', 'Token ausente ou inválido: envie Authorization: Bearer <token do feed>.', { 'www-authenticate': 'Bearer realm="partner-commerce-mirror-feed"' });
      }
    }
    return handle(request);
  };
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Equal-length digests, every byte looked at whatever differs. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] ?? 0);
  return diff === 0;
}
