import type { RequestOptions } from '../transport/request-options.js';

/**
 * The per-call options of every API call the mirror makes, in one place: they draw from the
 * client's rate budget at `bulk` priority, so orders created elsewhere (interactive) are served
 * first, in this process and, with a shared Redis budget, in every other.
 */
export function mirrorCallOptions(signal?: AbortSignal): RequestOptions {
  return signal === undefined ? { priority: 'bulk' } : { signal, priority: 'bulk' };
}
