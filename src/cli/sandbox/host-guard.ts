/** Host names the local sandbox answers to: loopback only. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

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

/** Whether `host` (a Host header) names loopback on `port`; the port must be given, as clients send it. */
export function isLoopbackHost(host: string, port: string): boolean {
  const at = host.lastIndexOf(':');
  // `[::1]` alone has its colons inside the brackets.
  if (at < 0 || host.endsWith(']')) return false;
  return isLoopbackName(host.slice(0, at)) && host.slice(at + 1) === port;
}

/** Whether `hostname` (a URL's `hostname`: no port, IPv6 in brackets) is localhost, 127.0.0.1 or [::1]. */
export function isLoopbackName(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}
