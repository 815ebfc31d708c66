import type { Transport } from '../transport/transport.js';

/** @internal Base of every resource: holds the transport, never the client (imports only run downward). */
export abstract class Resource {
  /** @internal */
  declare protected readonly transport: Transport;

  /** @internal */
  constructor(transport: Transport) {
    // Not enumerable, so logging or serialising a resource shows no transport internals.
    Object.defineProperty(this, 'transport', { value: transport, enumerable: false });
  }
}
