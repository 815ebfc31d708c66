import type { Transport } from '../transport/http-client.js';

/** @internal Base of every resource: holds the transport, never the client (imports only run downward). */
export abstract class Resource {
  /** @internal */
  protected readonly transport: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.transport = transport;
  }
}
