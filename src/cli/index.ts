/**
 * `partner-commerce/cli`: the command line's building blocks, callable from code (for a test
 * suite that wants the local sandbox or an event on demand).
 * @module
 */
export { runCli, type CliContext } from './program.js';
export { startSandbox, replayJournal, defaultJournalDir, type Sandbox, type SandboxOptions, type ReplayOptions } from './sandbox/start-sandbox.js';
export { DEFAULT_RETRY_SCHEDULE_MS, type DeliveryAttempt } from './sandbox/forwarder.js';
export { sandboxSignatureVerifier, signSandboxBody, SANDBOX_SIGNATURE_HEADER } from './sandbox/signature.js';
export { trigger, TRIGGERABLE_EVENTS, ALL_TRIGGERABLE_EVENTS, type TriggerableEvent, type TriggerOptions, type TriggerResult } from './trigger.js';
export { PRODUCT_EVENTS, PRODUCT_TRIGGER_PATH, SANDBOX_CONTROL_HEADER, SANDBOX_CONTROL_SECRET_ENV, type ProductEvent, type ProductOverrides, type ProductTriggerPlan, type ProductTriggerReport } from './products/product-trigger.js';
export { mirrorCommand, DEFAULT_MIRROR_DIR, type MirrorFlags, type MirrorTerminal } from './commands/mirror.js';
export { runDoctor, type DoctorCheck, type CheckStatus, type DoctorFlags, type DoctorEnvironment } from './commands/doctor.js';
export { EXIT, CliFailure, type ExitCode } from './exit-codes.js';
export type { CliIo } from './output.js';
