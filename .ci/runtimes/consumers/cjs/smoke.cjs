// CommonJS consumer: the package's `require` conditions (dist/*.cjs). The shared checks are an ES
// module of the test itself (not of the package), so they are loaded with import().
'use strict';
const { ApiError, Money, PartnerCommerce, PartnerCommerceError } = require('partner-commerce');
const webhooks = require('partner-commerce/webhooks');
const { createFakeApi } = require('partner-commerce/testing');

const loaded = require.resolve('partner-commerce');
if (!loaded.endsWith('.cjs')) throw new Error(`require('partner-commerce') loaded ${loaded}, expected the .cjs build`);
// One Money class per format: the one the webhooks entry hands out is the main entry's.
if (webhooks.Money !== Money) throw new Error('partner-commerce/webhooks Money differs from partner-commerce Money (CJS)');

const label = process.argv[2] ?? 'cjs';
import('../shared/smoke-core.mjs').then(({ main }) =>
  main(label, async () => ({ PartnerCommerce, ApiError, PartnerCommerceError, Money, createWebhookHandler: webhooks.createWebhookHandler, createFakeApi })),
).catch(() => { process.exitCode = 1; });
