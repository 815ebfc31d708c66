/**
 * What a dropped connection looks like to callers of `fetch`: undici's `TypeError: fetch failed` with a
 * socket error as cause. Being a distinct class lets the HTTP server recognise it and destroy the socket.
 */
export class ConnectionDropped extends TypeError {
  constructor() {
    super('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
  }
}
