import { createWebhookHandler, type WebhookHandlerOptions } from '../../src/webhooks/index.js';

/** Log lines a handler wrote, by level. */
export function captureLogger() {
  const lines: { level: 'warn' | 'error'; message: string }[] = [];
  const at =
    (level: 'warn' | 'error') =>
    (message: string, ...rest: unknown[]) => {
      lines.push({ level, message: [message, ...rest.map((r) => (r instanceof Error ? r.message : String(r)))].join(' ') });
    };
  return { lines, logger: { warn: at('warn'), error: at('error') } };
}

/** A handler with a captured logger and a verify that accepts everything unless told otherwise. */
export function testHandler(options: Partial<WebhookHandlerOptions> = {}) {
  const logs = captureLogger();
  const handler = createWebhookHandler({ verify: () => true, logger: logs.logger, ...options });
  return { handler, logs };
}

/** A promise and the functions that settle it. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
