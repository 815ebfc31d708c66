// ESM consumer: the package's `import` conditions (dist/*.js), loaded by bare name as an app would.
import { ApiError, InvalidInputError, Money, PartnerCommerce, PartnerCommerceError } from 'partner-commerce';
import { createWebhookHandler, Money as WebhooksMoney } from 'partner-commerce/webhooks';
import { createFakeApi } from 'partner-commerce/testing';
import { createRedisDedupeStore } from 'partner-commerce/redis';
import { main } from '../shared/smoke-core.mjs';

// One Money class per format: the one the webhooks entry hands out is the main entry's.
if (WebhooksMoney !== Money) throw new Error('partner-commerce/webhooks Money differs from partner-commerce Money (ESM)');

// The Redis entry loads without its optional peer `redis`; a URL is then a configuration error (one
// of the package's errors, the main entry's class) naming what to install.
const missing = await createRedisDedupeStore({ redis: 'redis://127.0.0.1:1', environment: 'sandbox' })
  .has('evt_1')
  .then(
    () => undefined,
    (e) => e,
  );
if (!(missing instanceof InvalidInputError) || !(missing instanceof PartnerCommerceError) || !missing.message.includes('npm install redis'))
  throw new Error(`partner-commerce/redis without redis: ${missing}`);

const label = process.argv[2] ?? 'esm';
await main(label, async () => ({ PartnerCommerce, ApiError, PartnerCommerceError, Money, createWebhookHandler, createFakeApi }));
