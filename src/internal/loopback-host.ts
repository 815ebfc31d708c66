/** Host names a loopback-only server answers to. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * @internal Whether `host` (a Host header) names loopback on `port`; the port must be given, as clients
 * send it. A web page that rebinds its own name to 127.0.0.1 reaches the port, but its requests still
 * carry its name, so checking the header keeps DNS rebinding out.
 */
export function isLoopbackHost(host: string, port: string): boolean {
  const at = host.lastIndexOf(':');
  // `[::1]` alone has its colons inside the brackets.
  if (at < 0 || host.endsWith(']')) return false;
  return isLoopbackName(host.slice(0, at)) && host.slice(at + 1) === port;
}

/** @internal Whether `hostname` (a URL's `hostname`: no port, IPv6 in brackets) is localhost, 127.0.0.1 or [::1]. */
export function isLoopbackName(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}
