/**
 * `partner-commerce/cli`: the command line's building blocks, callable from code (for a test
 * suite that wants the local sandbox or an event on demand).
 * @module
 */
export { runCli, type CliContext } from './program.js';
export { startSandbox, type LocalSandbox, type LocalSandboxOptions } from './sandbox/start-sandbox.js';
export type { DeliveryAttempt } from './sandbox/forwarder.js';
export { sandboxSignatureVerifier, signSandboxBody, SANDBOX_SIGNATURE_HEADER } from './sandbox/signature.js';
export { trigger, TRIGGERABLE_EVENTS, type TriggerableEvent, type TriggerOptions, type TriggerOptionsByEvent, type TriggerResult } from './trigger.js';
export type { CliTerminal } from './commands/mirror.js';
export { runDoctor, type DoctorCheck, type CheckStatus, type DoctorFlags } from './commands/doctor.js';
export { EXIT, type ExitCode } from './exit-codes.js';
export type { CliIo } from './output.js';
