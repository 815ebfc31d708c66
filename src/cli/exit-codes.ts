import { PartnerCommerceError } from '../index.js';

/** Exit codes of the `partner-commerce` command, stable for scripts. */
export const EXIT = {
  /** Done; for `doctor`, nothing blocks. */
  ok: 0,
  /** The work failed (an API error, a refused call, a check that blocks). */
  failed: 1,
  /** The command line was wrong (unknown option, missing argument, bad value). */
  usage: 2,
  /**
   * Stopped by Ctrl-C before the work was complete: `mirror` during its backfill (the checkpoint is
   * kept; run it again to resume). 128 + SIGINT, as shells report it.
   */
  interrupted: 130,
} as const;

/** One of {@link EXIT}'s values. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * @internal A failure the command reports in one line, with its exit code; never a stack trace. It is
 * in the one family (`PartnerCommerceError`) because `trigger`, `startSandbox` and `runDoctor` are
 * called from partners' code too, where it escapes `runCli`: one `catch (PartnerCommerceError)` covers
 * it there. Bad input is an `InvalidInputError` instead, naming the field.
 */
export class CliFailure extends PartnerCommerceError {
  override name = 'CliFailure';
  /** @internal Name under which instances of this class are branded. */
  static override readonly kind: string = 'CliFailure';
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failed,
  ) {
    super(message);
  }
}
