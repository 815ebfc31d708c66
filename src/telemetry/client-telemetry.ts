import type { CallDescription } from './call-trace.js';
import type { ClientInstruments, ClientMeters } from './client-instruments.js';
import { loadOtelApi } from './load-api.js';
import type { ResolvedTelemetry } from './options.js';
import type { TraceHooks } from './trace-hooks.js';

/**
 * @internal The telemetry of one client: loads `@opentelemetry/api` and the SDK's tracing code
 * (`call-tracing.ts`, with `import()`) on the first call, never at construction, so a client with
 * telemetry on but never used loads nothing, and the main entry does not carry the tracing code up
 * front. Then starts a call trace per call, handed to the call as built-in hooks. Without the package (or when the tracing code
 * cannot be loaded), calls run untraced and `onUnavailable` is told once why.
 */
export class ClientTelemetry {
  readonly #options: Exclude<ResolvedTelemetry, false>;
  readonly #onUnavailable: (why: string) => void;
  #loading: Promise<unknown> | undefined;
  /** Set once loading settled: no promise to await on later calls. */
  #ready: ClientInstruments | null | undefined;
  #start: ((inst: ClientInstruments, call: CallDescription, tracing: boolean, meters: ClientMeters | undefined) => Promise<TraceHooks>) | undefined;

  constructor(options: Exclude<ResolvedTelemetry, false>, onUnavailable: (why: string) => void) {
    this.#options = options;
    this.#onUnavailable = onUnavailable;
  }

  /**
   * The telemetry hooks of a new call; `undefined` when `@opentelemetry/api` is not installed, or when neither a
   * tracer nor a meter provider is registered: the call then runs as a plain one.
   */
  async startCall(call: CallDescription): Promise<TraceHooks | undefined> {
    if (this.#ready === undefined) await (this.#loading ??= this.#load());
    const inst = this.#ready;
    if (!inst || !this.#start) return undefined;
    const tracing = inst.tracing();
    const meters = inst.meters();
    return tracing || meters ? this.#start(inst, call, tracing, meters) : undefined;
  }

  /** Never rejects: telemetry that cannot load leaves the calls untraced, it does not fail them. */
  async #load(): Promise<void> {
    const api = await loadOtelApi();
    if (!api) {
      this.#ready = null;
      this.#onUnavailable('@opentelemetry/api is not installed (npm install @opentelemetry/api)');
      return;
    }
    try {
      const { CallTrace, ClientInstruments, traceHooks } = await import('./call-tracing.js');
      const start = CallTrace.start.bind(CallTrace);
      this.#start = async (...args) => traceHooks(await start(...args));
      this.#ready = new ClientInstruments(api, this.#options);
    } catch (err) {
      this.#ready = null;
      this.#onUnavailable(`the SDK's tracing code could not be loaded (${err instanceof Error ? err.message : String(err)})`);
    }
  }
}
