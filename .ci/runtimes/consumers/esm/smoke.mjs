// ESM consumer: the package's `import` conditions (dist/*.js), loaded by bare name as an app would.
import { ApiError, Money, PartnerCommerce, PartnerCommerceError } from 'partner-commerce';
import { createWebhookHandler, Money as WebhooksMoney } from 'partner-commerce/webhooks';
import { createFakeApi } from 'partner-commerce/testing';
import { main } from '../shared/smoke-core.mjs';

// One Money class per format: the one the webhooks entry hands out is the main entry's.
if (WebhooksMoney !== Money) throw new Error('partner-commerce/webhooks Money differs from partner-commerce Money (ESM)');

const label = process.argv[2] ?? 'esm';
await main(label, async () => ({ PartnerCommerce, ApiError, PartnerCommerceError, Money, createWebhookHandler, createFakeApi }));
