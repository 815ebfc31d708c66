import type { Transport } from './transport.js';

// A symbol, not a name: the client's transport stays off its public type, its keys and its JSON.
const TRANSPORT = Symbol('partner-commerce.transport');

/** @internal Gives `client` its transport, non-enumerable under a symbol the package does not export. */
export function attachTransport(client: object, transport: Transport): void {
  Object.defineProperty(client, TRANSPORT, { value: transport, enumerable: false });
}

/**
 * @internal The transport of a client made by this package, for what calls an operation row in the
 * client's name (the MCP tools): the same budget, retries, hooks and token as its methods.
 */
export function transportOf(client: object): Transport {
  const transport = (client as { [TRANSPORT]?: Transport })[TRANSPORT];
  if (transport === undefined) throw new TypeError('not a PartnerCommerce client of this package (it has no transport)');
  return transport;
}
