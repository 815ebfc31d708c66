// ESM consumer: the package's `import` conditions (dist/*.js), loaded by bare name as an app would.
import { ApiError, Money, PartnerCommerce, PartnerCommerceError } from 'partner-commerce';
import { createWebhookHandler, Money as WebhooksMoney } from 'partner-commerce/webhooks';
import { createFakeApi } from 'partner-commerce/testing';
import { createRedisDedupeStore, RedisUnavailableError } from 'partner-commerce/redis';
import { main } from '../shared/smoke-core.mjs';

// One Money class per format: the one the webhooks entry hands out is the main entry's.
if (WebhooksMoney !== Money) throw new Error('partner-commerce/webhooks Money differs from partner-commerce Money (ESM)');

// The Redis entry loads without its optional peer `redis`, and says what to install once a URL is used.
const missing = await createRedisDedupeStore({ redis: 'redis://127.0.0.1:1' }).has('evt_1').then(() => undefined, (e) => e);
if (!(missing instanceof RedisUnavailableError) || !missing.message.includes('npm install redis')) throw new Error(`partner-commerce/redis without redis: ${missing}`);

const label = process.argv[2] ?? 'esm';
await main(label, async () => ({ PartnerCommerce, ApiError, PartnerCommerceError, Money, createWebhookHandler, createFakeApi }));
