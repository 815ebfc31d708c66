import { CallTrace, type CallDescription } from './call-trace.js';
import { ClientInstruments } from './client-instruments.js';
import { loadOtelApi } from './load-api.js';
import type { ResolvedTelemetry } from './options.js';

/**
 * @internal The telemetry of one client: loads `@opentelemetry/api` on the first call (never at
 * construction, so a client with telemetry on but never used loads nothing), then starts a
 * {@link CallTrace} per call. Without the package, calls run untraced and `onMissing` is told once.
 */
export class ClientTelemetry {
  readonly #options: Exclude<ResolvedTelemetry, false>;
  readonly #onMissing: () => void;
  #loading: Promise<ClientInstruments | undefined> | undefined;
  /** Set once loading settled: no promise to await on later calls. */
  #ready: ClientInstruments | null | undefined;

  constructor(options: Exclude<ResolvedTelemetry, false>, onMissing: () => void) {
    this.#options = options;
    this.#onMissing = onMissing;
  }

  /**
   * The trace of a new call; `undefined` when `@opentelemetry/api` is not installed, or when neither a
   * tracer nor a meter provider is registered: the call then runs as a plain one. Synchronous once
   * the API is loaded and nothing records, so such a call does not even wait a microtask.
   */
  startCall(call: CallDescription): CallTrace | undefined | Promise<CallTrace | undefined> {
    if (this.#ready === undefined) {
      this.#loading ??= loadOtelApi().then((api) => {
        if (!api) this.#onMissing();
        this.#ready = api ? new ClientInstruments(api, this.#options) : null;
        return this.#ready ?? undefined;
      });
      return this.#loading.then(() => this.startCall(call));
    }
    const inst = this.#ready;
    if (!inst) return undefined;
    const tracing = inst.tracing();
    const meters = inst.meters();
    return tracing || meters ? CallTrace.start(inst, call, tracing, meters) : undefined;
  }
}
