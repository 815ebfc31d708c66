import type { RequestOptions } from '../transport/request-options.js';

/**
 * The per-call options of every API call the mirror makes, in one place: they draw from the
 * client's rate budget at `bulk` priority, so orders created elsewhere (interactive) are served
 * first, in this process and, with a shared Redis budget, in every other. Answers are read
 * leniently: under strict validation one product that does not fit the Product schema would fail its
 * whole page on every run; the mirror checks each product itself and sets the misfits aside (see
 * `aplicarProdutos`), and still refuses a page whose envelope does not fit (see `checkEnvelope`).
 * The partner's own calls keep the client's setting.
 */
export function mirrorCallOptions(signal?: AbortSignal): RequestOptions {
  return signal === undefined ? { priority: 'bulk', responseValidation: 'lenient' } : { signal, priority: 'bulk', responseValidation: 'lenient' };
}
