import type { SdkLogger } from '../logger.js';
import { withinBound, type HookBound } from './hook-deadline.js';

/** @internal Where a hook runs, for its failure's log line. */
export interface HookSite {
  readonly name: string;
  /** The operation (`produtos.obter`). */
  readonly where: string;
  readonly logger: SdkLogger;
  /** Hook functions that already failed once on this client (their later failures are not logged). */
  readonly failed: WeakSet<object>;
}

/**
 * @internal Runs a hook that is not waited for: its failure never reaches the call. A throw or a
 * rejection is logged the first time this hook function fails (per client), then only swallowed, so
 * a broken hook on a busy client does not flood the log.
 */
export function runHook<C>(hook: (context: C) => void | Promise<void>, context: C, site: HookSite): void {
  try {
    const result = hook(context);
    if (isThenable(result)) result.then(undefined, (err: unknown) => report(hook, err, site));
  } catch (err) {
    report(hook, err, site);
  }
}

/**
 * @internal Runs a hook the attempt waits for (`beforeAttempt`), within `bound`: past the attempt's
 * deadline this rejects with HookTimeout, at the caller's abort with the signal's reason. Its own
 * failure is logged as {@link runHook} logs it and does not fail the attempt.
 */
export async function awaitHook<C>(hook: (context: C) => void | Promise<void>, context: C, site: HookSite, bound: HookBound): Promise<void> {
  let result: void | Promise<void>;
  try {
    result = hook(context);
  } catch (err) {
    report(hook, err, site);
    return;
  }
  // A hook that returned nothing has finished: no deadline timer to arm for it.
  if (isThenable(result))
    await withinBound(
      Promise.resolve(result).catch((err: unknown) => report(hook, err, site)),
      site.name,
      bound,
    );
}

function isThenable(value: unknown): value is PromiseLike<void> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

function report(hook: object, err: unknown, site: HookSite): void {
  if (site.failed.has(hook)) return;
  site.failed.add(hook);
  const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  site.logger.log('warn', `hook ${site.name} failed during ${site.where} (${why}); the call went on without it. Later failures of this hook are not logged.`);
}
