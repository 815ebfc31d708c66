import { redactTokens } from '../errors/redact.js';
import type { Logger } from '../internal/logger.js';

export type { Logger } from '../internal/logger.js';

/** How much the SDK logs. `'debug'` logs one line per attempt. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

/** @internal */
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];

/** @internal Level-filtered logger that scrubs tokens from every line and warns once per key. */
export class SdkLogger {
  readonly #logger: Logger;
  readonly #min: number;
  readonly #said = new Set<string>();

  constructor(logger: Logger, level: LogLevel) {
    this.#logger = logger;
    this.#min = LOG_LEVELS.indexOf(level);
  }

  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return LOG_LEVELS.indexOf(level) >= this.#min;
  }

  log(level: Exclude<LogLevel, 'off'>, message: string): void {
    if (this.enabled(level)) this.#logger[level](`[partner-commerce] ${redactTokens(message)}`);
  }

  /** Logs a warning the first time `key` is seen by this client only. */
  warnOnce(key: string, message: string): void {
    if (this.#said.has(key)) return;
    this.#said.add(key);
    this.log('warn', message);
  }
}
