import { PartnerCommerce } from '../../src/index.js';
import type { ClientOptions } from '../../src/index.js';
import { BASE_URL, SANDBOX_TOKEN } from './scripted-fetch.js';

/** Log lines captured per level. */
export interface CapturedLogs {
  lines: { level: string; message: string }[];
  logger: { debug(m: string): void; info(m: string): void; warn(m: string): void; error(m: string): void };
}

export function captureLogs(): CapturedLogs {
  const lines: { level: string; message: string }[] = [];
  const at =
    (level: string) =>
    (message: string, ...rest: unknown[]) =>
      lines.push({ level, message: [message, ...rest.map(String)].join(' ') });
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

/** A client for tests: no limiter, no retry waits unless asked, quiet logs. */
export function testClient(fetch: typeof globalThis.fetch, options: ClientOptions = {}): PartnerCommerce {
  return new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: false, retryDelayMs: 0, logLevel: 'off', ...options });
}
