// A Cloudflare-style worker (module syntax) that loads only the client and the webhooks entry, bundled
// by esbuild from the installed tarball and run in workerd through miniflare, with no compatibility
// flags (no nodejs_compat). GET / runs the shared checks: the client against the fake server the host
// started (its URL comes in the FAKE_API_URL binding) and the webhook handler on a sample notice.
// POST /webhook is the handler mounted as the worker's fetch, as a partner would deploy it.
import { ApiError, Money, PartnerCommerce, PartnerCommerceError } from 'partner-commerce';
import { createWebhookHandler, Money as WebhooksMoney } from 'partner-commerce/webhooks';
import { checkClient, checkWebhook } from '../shared/smoke-core.mjs';

let delivered = 0;
// The host posts the sample unsigned: this mounted handler checks that a worker can deploy one, not
// signatures (checkWebhook does those), so it opts out explicitly.
const mounted = createWebhookHandler({
  verify: 'unsafe-skip',
  on: { 'pedido.criado': () => void delivered++ },
  logger: { warn: () => {}, error: (...args) => console.error(...args) },
});

export default {
  /** @param {Request} request @param {{ FAKE_API_URL: string }} env */
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/webhook') return mounted.fetch(request);
    try {
      if (WebhooksMoney !== Money) throw new Error('partner-commerce/webhooks Money differs from partner-commerce Money (worker bundle)');
      const client = await checkClient({ PartnerCommerce, ApiError, PartnerCommerceError, Money }, env.FAKE_API_URL);
      const webhook = await checkWebhook({ createWebhookHandler, Money: WebhooksMoney });
      return Response.json({ ok: true, line: `${client}; ${webhook}`, delivered });
    } catch (error) {
      return Response.json({ ok: false, error: error instanceof Error ? `${error.stack ?? error}` : String(error) }, { status: 500 });
    }
  },
};
