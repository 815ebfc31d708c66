/** Options of {@link FakeApi.listen}. */
export interface FakeListenOptions {
  /** Port on 127.0.0.1. @default 0 (any free port) */
  port?: number | undefined;
}

/** A running HTTP server in front of the fake. */
export interface FakeServer {
  /** Base address to give the client, e.g. `http://127.0.0.1:54321` (no trailing slash). */
  url: string;
  /** Stops accepting calls, ends open connections and frees the port. */
  close(): Promise<void>;
}
