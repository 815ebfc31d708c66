import type { RequestOptions } from '../transport/request-options.js';

/**
 * The per-call options of every API call the mirror makes, in one place.
 *
 * The mirror's calls should draw from the client's rate budget at a low priority, so orders created
 * elsewhere are not starved. PRIORITY: the client does not take a per-call `priority` yet (branch
 * `ratelimit` adds `priority: 'bulk'`); once it does, set it here and nowhere else.
 */
export function mirrorCallOptions(signal?: AbortSignal): RequestOptions {
  return signal === undefined ? {} : { signal };
}
