import type { SdkLogger } from '../logger.js';

/**
 * @internal Runs one hook so that its failure never reaches the call: a throw or a rejection is
 * logged the first time this hook function fails (per client), then only swallowed, so a broken
 * hook on a busy client does not flood the log. Returns what an awaited hook returned, for
 * `beforeAttempt`; other hooks' promises are only watched.
 */
export function runHook<C>(hook: (context: C) => void | Promise<void>, context: C, name: string, where: string, logger: SdkLogger, failed: WeakSet<object>): Promise<void> | undefined {
  const report = (err: unknown) => {
    if (failed.has(hook)) return;
    failed.add(hook);
    const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    logger.log('warn', `hook ${name} failed during ${where} (${why}); the call went on without it. Later failures of this hook are not logged.`);
  };
  try {
    const result = hook(context);
    if (result && typeof (result as Promise<void>).then === 'function') return Promise.resolve(result).catch(report);
  } catch (err) {
    report(err);
  }
  return undefined;
}
