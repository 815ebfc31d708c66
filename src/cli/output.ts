/** Where a command writes: standard output for results, standard error for progress and failures. */
export interface CliIo {
  /** Writes one line of results. */
  out(line: string): void;
  /** Writes one line of progress, warnings or errors. */
  err(line: string): void;
}

/** The process's own streams. */
export const processIo: CliIo = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
};

/** Prints `value`: one JSON document with `--json`, otherwise indented JSON for people. */
export function printResult(io: CliIo, value: unknown, json: boolean): void {
  io.out(json ? JSON.stringify(value) : JSON.stringify(value, null, 2));
}
