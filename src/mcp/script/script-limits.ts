/** Limits of one `execute_script` run (see {@link McpServerOptions.scriptLimits}). */
export interface ScriptLimits {
  /** Wall-clock time from start to result; the process is killed at this point, whatever it is doing. @default 10_000 */
  timeoutMs?: number | undefined;
  /** Heap of the script's process, in MB; past it the process dies and the call says so. @default 64 */
  memoryMb?: number | undefined;
  /** Bytes of the result's JSON (and, apart, of its console lines); a larger result is refused, not cut. @default 20_000 */
  maxOutputBytes?: number | undefined;
  /** API operations one run may call: a loop that would drain the rate budget stops here. @default 50 */
  maxCalls?: number | undefined;
}

/** @internal The limits with their defaults. */
export type ResolvedScriptLimits = Required<{ [K in keyof ScriptLimits]: number }>;

/** @internal The defaults: room for a few pages and a summary, little for a runaway. */
export const DEFAULT_SCRIPT_LIMITS: ResolvedScriptLimits = { timeoutMs: 10_000, memoryMb: 64, maxOutputBytes: 20_000, maxCalls: 50 };
