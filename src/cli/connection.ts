import { PartnerCommerce, type ClientOptions, type Logger } from '../index.js';
import { terminalText } from './terminal-text.js';

/** Options every command that talks to the API takes. */
export interface ConnectionFlags {
  /** Access token; else PARTNER_COMMERCE_TOKEN. Never printed. */
  token?: string | undefined;
  /** Read the token from standard input (`--token-stdin`), so it never shows in `ps`. */
  tokenStdin?: boolean | undefined;
  /**
   * Where the token came from (`--token`, `--token-stdin`, `PARTNER_COMMERCE_TOKEN`, `profile <path>`),
   * set by the command line for `doctor` to say; never the token itself.
   */
  tokenSource?: string | undefined;
  /** Environment root; else PARTNER_COMMERCE_BASE_URL. */
  baseUrl?: string | undefined;
}

/**
 * A client built from the flags and the same environment variables as `new PartnerCommerce()`.
 * Log lines go to standard error, so standard output stays the command's result.
 */
export function clientFrom(flags: ConnectionFlags, extra: ClientOptions = {}): PartnerCommerce {
  // A log line can carry server text (a header's value): shown escaped, as every line the CLI prints.
  const line = (message: string): void => console.error(terminalText(message));
  const logger: Logger = { debug: line, info: line, warn: line, error: line };
  return new PartnerCommerce({ logger, ...extra, ...(flags.token ? { token: flags.token } : {}), ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}) });
}
