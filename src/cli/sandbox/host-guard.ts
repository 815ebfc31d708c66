import { isLoopbackHost, isLoopbackName } from '../../internal/loopback-host.js';

export { isLoopbackHost, isLoopbackName };

/**
 * Wraps the sandbox's handler so it answers only requests whose `Host` is a loopback name with the
 * sandbox's own port. A web page that rebinds its own name to 127.0.0.1 reaches the port, but its
 * requests still carry its name: refused with 421, before any route (API or control) sees them.
 */
export function loopbackHostsOnly(handle: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return (request) => {
    // The listener builds the URL from its own address, so its port is the sandbox's.
    const port = new URL(request.url).port;
    const host = request.headers.get('host');
    if (host !== null && isLoopbackHost(host, port)) return handle(request);
    const mensagem = `Host ${host === null ? 'ausente' : JSON.stringify(host)} recusado: o sandbox local só atende localhost, 127.0.0.1 ou [::1] na porta ${port} (proteção contra DNS rebinding).`;
    return Promise.resolve(
      new Response(JSON.stringify({ erro: { codigo: 'HOST_NAO_PERMITIDO', mensagem, detalhes: [] } }), {
        status: 421,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    );
  };
}
