import { redactTokens } from '../errors/redact.js';
import { terminalText } from './terminal-text.js';

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

/** What {@link guardedIo} hides: filled in once the command line names the command and its token. */
export interface OutputSecrets {
  /** Token-shaped text (`svc_sbx_…`, `svc_prod_…`, escaped or encoded) is hidden too. */
  redactTokens: boolean;
  /** Exact values never shown (the token given on the command line or in the environment). */
  values: Set<string>;
}

/**
 * @internal `io` as every command must see it, so no command can forget: the token never shown (a
 * server may echo it), and each line one terminal line with its control characters escaped (text
 * from a server must not move the cursor, retitle the window or clear the screen). JSON stays the
 * same JSON: a `\u00XX` escape inside a string is the character it replaces, and tokens sit in strings.
 */
export function guardedIo(io: CliIo, secrets: OutputSecrets): CliIo {
  const clean = (line: string): string => {
    let text = secrets.redactTokens ? redactTokens(line) : line;
    for (const value of secrets.values) text = text.split(value).join('[redacted]');
    return terminalText(text);
  };
  return { out: (line) => io.out(clean(line)), err: (line) => io.err(clean(line)) };
}

/** Writes `text` line by line: {@link guardedIo} escapes a line end inside one line. */
export function writeLines(write: (line: string) => void, text: string): void {
  for (const line of text.split('\n')) write(line);
}

/** Prints `value`: one JSON document with `--json`, otherwise indented JSON for people. */
export function printResult(io: CliIo, value: unknown, json: boolean): void {
  // JSON.stringify escapes line ends inside strings, so each raw one is the indentation's own.
  if (json) io.out(JSON.stringify(value));
  else writeLines(io.out, JSON.stringify(value, null, 2));
}
