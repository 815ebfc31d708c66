import type { ClockJump } from '../clock/server-clock.js';
import type { FetchEstimate } from './complete.js';

/**
 * Something a run did that a partner running the mirror unattended should hear about, though the run
 * goes on: list items that cost a fetch each, a jump of the server's clock, products set aside.
 */
export type MirrorWarning =
  | { kind: 'fetches'; message: string; estimate: FetchEstimate }
  | { kind: 'clock-jump'; message: string; jump: ClockJump }
  /** `count` products set aside by the page or run; which, and why, is in `status().quarantine`. */
  | { kind: 'quarantine'; message: string; count: number }
  /** The server refused the drift audit's saved pass cursor: the pass started over from the first page. */
  | { kind: 'audit-restart'; message: string };

/** Where a run's warnings go. @default a `console.warn` line prefixed `[partner-commerce] mirror:` */
export type MirrorWarningHandler = (warning: MirrorWarning) => void;

/** @internal */
export const defaultWarningHandler: MirrorWarningHandler = (w) => console.warn(`[partner-commerce] mirror: ${w.message}`);

/** @internal The message of a clock jump. */
export function clockJumpWarning(jump: ClockJump): MirrorWarning {
  const hours = (Math.abs(jump.offsetMs) / 3_600_000).toFixed(1);
  return {
    kind: 'clock-jump',
    jump,
    message: `the server's clock jumped ${jump.offsetMs > 0 ? 'ahead' : 'back'} by ${hours} h (Date ${jump.claimed}, expected about ${jump.expected}); that answer neither orders states nor moves the high-water mark`,
  };
}
