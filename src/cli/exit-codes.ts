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

/** A failure the command reports in one line, with its exit code; never a stack trace. */
export class CliFailure extends Error {
  override name = 'CliFailure';
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failed,
  ) {
    super(message);
  }
}
