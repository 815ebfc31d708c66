/** Anything console-like: `console`, pino, winston and most loggers fit. Every part of the SDK that logs takes this shape, or the methods of it that it calls. */
export interface Logger {
  /** One line per attempt, at `logLevel: 'debug'`. */
  debug(message: string, ...rest: unknown[]): void;
  /** Retries and other notable steps. */
  info(message: string, ...rest: unknown[]): void;
  /** Deprecated routes, pending API terms, handler misconfiguration. */
  warn(message: string, ...rest: unknown[]): void;
  /** Failures the SDK could not hand to a caller. */
  error(message: string, ...rest: unknown[]): void;
}
